import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';
import { call } from './http';
import { freePort, startStack, type Stack } from './start-stack';

// Without SMTP_URL outside production, mails go to the outbox and answers carry the spec's dev links.
describe('accounts in development mode (no SMTP_URL)', () => {
  let infra: TestInfra;
  let stack: Stack;
  let outbox: string;
  let publicUrl: string;

  beforeAll(async () => {
    infra = await createTestInfra();
    outbox = mkdtempSync(path.join(tmpdir(), 'parley-outbox-'));
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    stack = await startStack(
      { ...infra.env, NODE_ENV: 'development', MAIL_OUTBOX_DIR: outbox, PUBLIC_URL: publicUrl },
      { PORT: String(port) },
    );
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
    await infra?.cleanup();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('answers register and resend with the verification link, and writes the mail to the outbox', async () => {
    const email = 'dev@shop.example';
    const registered = await call<{ message: string; verificationUrl?: string }>(
      `${stack.url}/api/auth/register`,
      {
        body: { email, password: 'Tq8#vLw2!xZ' },
      },
    );
    expect(registered.status).toBe(201);
    expect(registered.body.verificationUrl).toMatch(
      new RegExp(`^${publicUrl}/api/auth/verify-email\\?token=[\\w-]+$`),
    );
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(readFileSync(path.join(outbox, files[0]), 'utf8')).toContain(
      'Subject: Verify your email for Parley',
    );

    const resent = await call<{ verificationUrl?: string }>(`${stack.url}/api/auth/resend-verification`, {
      body: { email },
    });
    expect(resent.body.verificationUrl).toMatch(/verify-email\?token=/);
    expect(resent.body.verificationUrl).not.toBe(registered.body.verificationUrl);

    const verified = await fetch(resent.body.verificationUrl ?? '', { redirect: 'manual' });
    expect(verified.headers.get('location')).toBe(`/verification-success?email=${encodeURIComponent(email)}`);
    const forgot = await call(`${stack.url}/api/auth/forgot-password`, { body: { email } });
    expect(forgot.status).toBe(200);
    expect(forgot.body).not.toHaveProperty('resetToken');
  });

  // A second sign-up must not differ from a first by the link a development answer carries.
  async function register(password: string) {
    const res = await call<{ message: string; verificationUrl?: string }>(`${stack.url}/api/auth/register`, {
      body: { email: 'twice@shop.example', password },
    });
    return { status: res.status, body: res.body };
  }

  it('answers a second sign-up as the first, with the link that lets the inbox choose the password', async () => {
    const first = await register('Squatter-Pass-77');
    const second = await register('Tq8#vLw2!xZ');

    expect(second.status).toBe(first.status);
    expect(Object.keys(second.body).sort()).toEqual(Object.keys(first.body).sort());
    expect(second.body.message).toBe(first.body.message);
    expect(first.body.verificationUrl).toMatch(
      new RegExp(`^${publicUrl}/api/auth/verify-email\\?token=[\\w-]+$`),
    );
    expect(second.body.verificationUrl).toMatch(
      new RegExp(`^${publicUrl}/reset-password/[\\w-]+\\?choose=1$`),
    );

    const stale = await fetch(first.body.verificationUrl ?? '', { redirect: 'manual' });
    expect(stale.headers.get('location')).toBe('/verify-email?error=invalid-link');
    const token = new URL(second.body.verificationUrl ?? '').pathname.split('/').pop();
    const chosen = await call(`${stack.url}/api/auth/reset-password`, {
      body: { token, password: 'Copper-Fjord-58' },
    });
    expect(chosen.status).toBe(200);
    const login = await call(`${stack.url}/api/auth/login`, {
      body: { email: 'twice@shop.example', password: 'Copper-Fjord-58' },
    });
    expect(login.status).toBe(200);
  });
});
