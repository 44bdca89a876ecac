// A real SMTP server on a free local port that keeps the mails it receives, plus a small HTTP inbox
// (`GET /mails?to=<address>`) so tests, which run in Playwright's worker processes, can read them. Its
// own, beside `@parley/server-kit/testing`'s: this project is tagged scope:web, which never imports the kit.
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message with quoted-printable soft breaks and escapes decoded. */
  text: string;
}

export interface SmtpSink {
  /** What the stack's `SMTP_URL` points at. */
  smtpUrl: string;
  /** The HTTP inbox the `mailbox` fixture reads. */
  inboxUrl: string;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  const inbox = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    if (req.method !== 'GET' || url.pathname !== '/mails') {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(to ? mails.filter((m) => m.to.includes(to)) : mails));
  });

  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const inboxPort = (inbox.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${inboxPort}`,
    close: async () => {
      await new Promise<void>((resolve) => inbox.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(resolve));
    },
  };
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
