// A real SMTP server on a free local port that keeps the mails it receives, so a journey can open one.
import { SMTPServer } from 'smtp-server';

export async function startSmtpSink() {
  const mails = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The first link matching `pattern` in the newest mail to `to`, waiting up to 10 s for it. */
    async linkFor(to, pattern) {
      for (let i = 0; i < 200; i++) {
        const mail = mails.findLast((m) => m.to.includes(to));
        const link = mail && pattern.exec(mail.text)?.[0];
        if (link) return link;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to} with a link like ${pattern}`);
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function decodeQuotedPrintable(raw) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}
