import { performance } from 'node:perf_hooks';
import { type SmtpSink, type TestInfra } from '@parley/server-kit/testing';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const PASSWORD = 'Tq8#vLw2!xZ';
const NEW_PASSWORD = 'Copper-Fjord-58';
const VERIFY_LINK = /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?token=[\w-]+/;
const RESET_LINK = /http:\/\/127\.0\.0\.1:\d+\/reset-password\/[\w-]+/;
const SAMPLES = 30;
/** Medians further apart than this tell the two kinds of address apart. */
const MAX_RATIO = 1.3;
const ROUNDS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// A stack of its own: the measurement needs more requests than the gateway's rate limits allow.
describe('forgot-password timing (real SMTP, PostgreSQL, NATS, Redis)', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let api: string;

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack(
      {},
      { RATE_LIMIT_IP_PER_MINUTE: '10000', RATE_LIMIT_ADDRESS_PER_MINUTE: '10000' },
    ));
    api = `${stack.url}/api/auth`;
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  async function registerAndVerify(email: string): Promise<void> {
    const before = smtp.mails.length;
    expect((await call(`${api}/register`, { body: { email, password: PASSWORD } })).status).toBe(201);
    const { link } = await smtp.linkFor(email, VERIFY_LINK, before);
    await fetch(link, { redirect: 'manual' });
  }

  async function timedForgot(email: string): Promise<number> {
    const started = performance.now();
    const res = await call(`${api}/forgot-password`, { body: { email } });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    return elapsed;
  }

  /** Times one forgot-password request for the known address, then waits for its mail. */
  async function timedKnown(email: string): Promise<number> {
    const before = smtp.mails.length;
    const elapsed = await timedForgot(email);
    await smtp.linkFor(email, RESET_LINK, before);
    return elapsed;
  }

  it('answers a known and an unknown address in the same time, and mails only the known one', async () => {
    const known = 'known@shop.example';
    const unknown = 'unknown@shop.example';
    await registerAndVerify(known);

    // Alternate the two, so load from elsewhere falls on both alike; each known request waits for its
    // mail, so the work queued by one request does not slow the next one down. Warm up first (JIT,
    // connection pools). Other suites share the machine: a difference in the code shows in every round
    // (the old code measured 1.7–2.6), noise in some, so the best of up to three rounds must hold.
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS && !ratios.some((r) => r < MAX_RATIO); round++) {
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = round === 0 ? -5 : 0; i < SAMPLES; i++) {
        const pair = { known: await timedKnown(known), unknown: await timedForgot(unknown) };
        if (i < 0) continue;
        times.known.push(pair.known);
        times.unknown.push(pair.unknown);
      }
      const medians = { known: median(times.known), unknown: median(times.unknown) };
      console.log(
        `forgot-password median over ${SAMPLES}: known ${medians.known.toFixed(1)} ms, unknown ${medians.unknown.toFixed(1)} ms`,
      );
      ratios.push(Math.max(medians.known, medians.unknown) / Math.min(medians.known, medians.unknown));
    }
    expect(Math.min(...ratios)).toBeLessThan(MAX_RATIO);
    expect(smtp.mails.filter((m) => m.to.includes(unknown))).toHaveLength(0);
  }, 120_000);

  it('still mails the reset link, and the link sets the new password', async () => {
    const email = 'reset-by-mail@shop.example';
    await registerAndVerify(email);
    const before = smtp.mails.length;
    expect((await call(`${api}/forgot-password`, { body: { email, language: 'es' } })).status).toBe(200);

    const { mail, link } = await smtp.linkFor(email, RESET_LINK, before);
    expect(mail.subject).toBe('Restablece tu contraseña de Parley');
    const token = link.split('/').pop();
    expect((await call(`${api}/reset-password`, { body: { token, password: NEW_PASSWORD } })).status).toBe(
      200,
    );
    expect((await call(`${api}/login`, { body: { email, password: NEW_PASSWORD } })).status).toBe(200);
  });
});
