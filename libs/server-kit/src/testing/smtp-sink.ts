import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { until } from './until';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The message text with quoted-printable soft breaks and escapes undone. */
  text: string;
}

/** A running SMTP sink: its URL, the mails it kept, and how to wait for a link or close it. */
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** How the sink answers RCPT TO for one address: an SMTP reply code (4xx for now, 5xx for good). */
interface Refusal {
  code: number;
  message: string;
  /** How many more times; the address is then taken again. */
  times: number;
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpSink() {
  const mails: ReceivedMail[] = [];
  const refusals = new Map<string, Refusal>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (!refusal || refusal.times <= 0) return callback();
      refusal.times--;
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
        mails.push({ to, raw, subject: decodeHeader(subject), text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for the next mail to `to` and returns the first link in it that matches `pattern`. */
    linkFor(to: string, pattern: RegExp, after = 0): Promise<{ mail: ReceivedMail; link: string }> {
      return until(
        `a mail to ${to} with ${pattern}`,
        async () => {
          const mail = mails.slice(after).find((m) => m.to.includes(to));
          const link = mail && pattern.exec(mail.text)?.[0];
          return mail && link ? { mail, link } : undefined;
        },
        5000,
      );
    },
    /**
     * Refuses mail to `address` with this SMTP reply (`451 …` tells the sender to try later, `550 …` that
     * the address does not exist), `times` times (every time by default).
     */
    refuse(address: string, code: number, message: string, times = Infinity): void {
      refusals.set(address.toLowerCase(), { code, message, times });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?') // folded lines between encoded words carry no space
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    );
}
