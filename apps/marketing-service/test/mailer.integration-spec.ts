import net from 'node:net';
import { loadConfig } from '@parley/server-kit';
import { type SmtpSink, startSmtpSink } from '@parley/server-kit/testing';
import { MarketingConfig } from '../src/config/marketing.config';
import { CampaignMailer, connectWithoutDelay, refusalOf } from '../src/mail/mailer';

/**
 * The campaign mailer's SMTP pool against a real local SMTP server: its connections are opened with
 * TCP_NODELAY, so a mail does not wait for the server's delayed ACK (40 ms on Linux) before its last bytes
 * go (docs/performance.md, "Email campaign").
 */
describe('campaign mailer (local SMTP server)', () => {
  let smtp: SmtpSink;
  let mailer: CampaignMailer;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    mailer = new CampaignMailer(loadConfig(MarketingConfig, { SMTP_URL: smtp.url }));
  });

  afterAll(async () => {
    mailer?.onModuleDestroy();
    await smtp?.close();
  });

  const mail = (n: number) => ({
    to: `reader-${n}@example.com`,
    subject: `Spring sale ${n}`,
    html: `<p>${'Linen shirts for the warm days ahead. '.repeat(20)}</p>`,
    text: 'Linen shirts for the warm days ahead.',
  });

  it('sends over pooled connections opened with TCP_NODELAY on', async () => {
    // Nagle's algorithm would hold each mail's `\r\n.\r\n` until the server's delayed ACK of the body
    // (40 ms on Linux). A timing bound would be flaky on a shared machine; the socket option is what counts.
    const calls = watchNoDelay(Number(new URL(smtp.url).port));
    try {
      await Promise.all(Array.from({ length: 12 }, (_, n) => mailer.send(mail(n))));
    } finally {
      calls.stop();
    }
    expect(calls.client.length).toBeGreaterThan(0);
    expect(calls.client.every((enable) => enable)).toBe(true);
    const received = smtp.mails.filter((m) => m.to[0]?.startsWith('reader-'));
    expect(received.map((m) => m.subject).sort()).toEqual(
      Array.from({ length: 12 }, (_, n) => `Spring sale ${n}`).sort(),
    );
  });

  it('opens a connection for the pool only once it is connected, with TCP_NODELAY', async () => {
    const { hostname, port } = new URL(smtp.url);
    const calls = watchNoDelay(Number(port));
    try {
      const socket = await new Promise<net.Socket>((resolve, reject) =>
        connectWithoutDelay({ pool: true, host: hostname, port: Number(port) }, (error, options) =>
          error ? reject(error) : resolve((options as { connection: net.Socket }).connection),
        ),
      );
      expect(socket.readyState).toBe('open');
      socket.destroy();
    } finally {
      calls.stop();
    }
    expect(calls.client).toEqual([true]);
  });

  it('answers a connection refused as a temporary refusal (tried again later)', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = new CampaignMailer(loadConfig(MarketingConfig, { SMTP_URL: `smtp://127.0.0.1:${port}` }));
    try {
      const error = await nowhere.send(mail(99)).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeDefined();
      expect(refusalOf(error).kind).toBe('temporary');
    } finally {
      nowhere.onModuleDestroy();
    }
  });
});

/**
 * Records setNoDelay calls on client sockets, not on the sink's own (smtp-server sets TCP_NODELAY on the
 * connections it accepts, in this same process): an accepted socket already has the sink's local port.
 */
function watchNoDelay(sinkPort: number) {
  const original = net.Socket.prototype.setNoDelay;
  const client: boolean[] = [];
  const spy = jest.spyOn(net.Socket.prototype, 'setNoDelay').mockImplementation(function (
    this: net.Socket,
    enable?: boolean,
  ) {
    if (this.localPort !== sinkPort) client.push(enable !== false);
    return original.call(this, enable);
  });
  return { client, stop: () => spy.mockRestore() };
}
