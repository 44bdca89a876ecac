import { Client } from 'pg';
import { hashToken } from '@parley/server-kit';
import { type SmtpSink, type TestInfra } from '@parley/server-kit/testing';
import { Redis } from 'ioredis';
import { SessionsService } from '../apps/auth-service/src/sessions/sessions.service';
import { call, cookieOf } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const PASSWORD = 'Tq8#vLw2!xZ';
const NEW_PASSWORD = 'Copper-Fjord-58';
/** 140 characters, none more than twice: only the length rule fails. */
const TOO_LONG_TAIL = Array.from({ length: 70 }, (_, i) => String.fromCharCode(0x4e00 + i))
  .join('')
  .repeat(2);
const VERIFY_LINK = /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?token=[\w-]+/;
const RESET_LINK = /http:\/\/127\.0\.0\.1:\d+\/reset-password\/[\w-]+/;
/** The link mailed when an unverified address is signed up for again: the inbox chooses the password. */
const CHOOSE_LINK = /http:\/\/127\.0\.0\.1:\d+\/reset-password\/[\w-]+\?choose=1/;

describe('accounts over HTTP (real SMTP, PostgreSQL, NATS, Redis)', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let api: string;
  let db: Client;

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack());
    api = `${stack.url}/api/auth`;
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await stopSystemStack({ infra, smtp, stack });
  });

  async function userCount(email: string): Promise<number> {
    const { rows } = await db.query('select count(*)::int as n from auth_service.users where email = $1', [
      email,
    ]);
    return (rows[0] as { n: number }).n;
  }

  /** Registers and follows the emailed link; returns the browser's landing place. */
  async function registerAndVerify(email: string, password = PASSWORD): Promise<string> {
    const before = smtp.mails.length;
    expect((await call(`${api}/register`, { body: { email, password } })).status).toBe(201);
    const { link } = await smtp.linkFor(email, VERIFY_LINK, before);
    const res = await fetch(link, { redirect: 'manual' });
    return res.headers.get('location') ?? '';
  }

  async function login(email: string, password = PASSWORD) {
    return call(`${api}/login`, { body: { email, password } });
  }

  it('signs up, verifies from the emailed link, signs in, knows the user, signs out', async () => {
    const email = 'owner@shop.example';
    const registered = await call(`${api}/register`, {
      body: { email: '  Owner@Shop.example ', password: PASSWORD, language: 'es' },
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({ message: expect.stringContaining('check your email') });

    const refused = await login(email);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ needsVerification: true });

    const { mail, link } = await smtp.linkFor(email, VERIFY_LINK);
    expect(mail.subject).toBe('Verifica tu correo en Parley');
    const verified = await fetch(link, { redirect: 'manual' });
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe(`/verification-success?email=${encodeURIComponent(email)}`);
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('/verify-email?error=invalid-link');

    const signedIn = await login('OWNER@shop.example');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ message: 'Logged in successfully' });
    const setCookie = signedIn.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^parley_session=[\w-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const cookie = cookieOf(signedIn);

    const me = await call(`${api}/me`, { cookie });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      name: 'owner',
      emailVerified: true,
      currentPackage: 'free',
      createdAt: expect.any(String),
      workspace: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: "owner's business" },
      role: 'owner',
    });
    expect((me.body as { workspace: { id: string } }).workspace.id).toBe((me.body as { id: string }).id);
    const { rows } = await db.query('select token_hash from auth_service.sessions');
    expect(JSON.stringify(rows)).not.toContain(cookie.split('=')[1]);

    const out = await call(`${api}/logout`, { method: 'POST', cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await call(`${api}/me`, { cookie })).status).toBe(401);
    expect((await call(`${api}/me`)).status).toBe(401);
  });

  it.each([
    [{ email: 'weak@shop.example', password: 'Sh0rt!x' }, 'Password must be at least 8 characters'],
    [
      { email: 'weak@shop.example', password: 'alllowercase1!' },
      'Password must contain at least one uppercase letter',
    ],
    [{ email: 'weak@shop.example', password: 'Abaaa1!cd' }, 'No character can repeat more than twice'],
    [{ email: 'weak@shop.example', password: `Ab1!${TOO_LONG_TAIL}` }, '128'],
    [
      { email: 'weak@shop.example', password: 'Password1!' },
      'This password is too common. Please choose a less predictable one.',
    ],
    [{ email: 'not-an-email', password: PASSWORD }, 'Please enter a valid email address'],
    [{ email: 'weak@shop.example', password: PASSWORD, admin: true }, 'Unknown field "admin"'],
    [{ password: PASSWORD }, 'email'],
  ])('refuses sign-up %j with a 400 naming the problem, storing nothing', async (body, message) => {
    const res = await call(`${api}/register`, { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await userCount('weak@shop.example')).toBe(0);
  });

  it('ends a session on every gateway replica at once when it signs out on one', async () => {
    const email = 'two-tabs@shop.example';
    await registerAndVerify(email);
    const cookie = cookieOf(await login(email));
    const other = `${await stack.addGateway()}/api/auth`;
    // Both replicas now hold the session in memory.
    expect((await call(`${api}/me`, { cookie })).status).toBe(200);
    expect((await call(`${other}/me`, { cookie })).status).toBe(200);

    expect((await call(`${api}/logout`, { method: 'POST', cookie })).status).toBe(200);
    expect((await call(`${other}/me`, { cookie })).status).toBe(401);
    expect((await call(`${api}/me`, { cookie })).status).toBe(401);
  });

  it('resolves a session once for requests that miss the caches together', async () => {
    const email = 'busy-tab@shop.example';
    await registerAndVerify(email);
    const cookie = cookieOf(await login(email));
    const other = `${await stack.addGateway()}/api/auth`; // nothing in its memory yet
    const redis = new Redis(infra.env.REDIS_URL);
    await redis.del(`${infra.env.REDIS_PREFIX}:gateway:session:${hashToken(cookie.split('=')[1])}`);
    await redis.quit();
    const auth = stack.services.get('auth-service');
    if (!auth) throw new Error('auth-service is not running');
    const sessions = auth.app.get(SessionsService);
    const resolve = jest.spyOn(sessions, 'resolve');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => call(`${other}/me`, { cookie })));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(resolve).toHaveBeenCalledTimes(1);
    } finally {
      resolve.mockRestore();
    }
  });

  /** Registers `email` and returns the answer (status and body). */
  async function register(email: string, password: string, language?: string) {
    const res = await call(`${api}/register`, { body: { email, password, language } });
    return { status: res.status, body: res.body };
  }

  /** Follows a verification link; returns where the browser lands. */
  async function follow(link: string): Promise<string> {
    return (await fetch(link, { redirect: 'manual' })).headers.get('location') ?? '';
  }

  /** Waits for `count` mails to `email` after the first `after` ones, and returns them. */
  async function mailsTo(email: string, count: number, after: number) {
    const received = () => smtp.mails.slice(after).filter((m) => m.to.includes(email));
    for (let i = 0; i < 100 && received().length < count; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return received();
  }

  async function setPassword(link: string, password: string) {
    return call(`${api}/reset-password`, {
      body: { token: new URL(link).pathname.split('/').pop(), password },
    });
  }

  it('keeps a later sign-up from setting the password of a pending account (owner first)', async () => {
    const email = 'owner-first@shop.example';
    const first = smtp.mails.length;
    const owners = await register(email, PASSWORD);
    const { link: ownersLink } = await smtp.linkFor(email, VERIFY_LINK, first);

    // Someone without the inbox signs up with the same address: answered exactly as a first sign-up.
    const second = smtp.mails.length;
    expect(await register(email, 'Squatter-Pass-77', 'es')).toEqual(owners);
    const { mail, link } = await smtp.linkFor(email, CHOOSE_LINK, second);
    expect(mail.subject).toBe('Elige tu contraseña de Parley');
    expect(mail.text).toContain('Alguien se ha registrado de nuevo en Parley');
    expect(await follow(ownersLink)).toBe('/verify-email?error=invalid-link');
    expect((await login(email, 'Squatter-Pass-77')).status).toBe(401);

    // The inbox's owner chooses the password there, which also verifies the address.
    const chosen = await setPassword(link, NEW_PASSWORD);
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({
      message: 'Your password is set and your email address is verified. You can now log in.',
    });
    expect((await setPassword(link, 'Another-Pass-93')).status).toBe(404);
    expect((await login(email, 'Squatter-Pass-77')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(401);
    const signedIn = await login(email, NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect((await call(`${api}/me`, { cookie: cookieOf(signedIn) })).body).toMatchObject({
      emailVerified: true,
    });
    expect((await register(email, PASSWORD)).status).toBe(409);
  });

  it("never lets the first registrant's password in when the inbox's owner signs up second", async () => {
    const email = 'squatted@shop.example';
    const first = smtp.mails.length;
    const squatters = await register(email, 'Squatter-Pass-77');
    const { link: squattersLink } = await smtp.linkFor(email, VERIFY_LINK, first);

    const second = smtp.mails.length;
    expect(await register(email, PASSWORD)).toEqual(squatters);
    await smtp.linkFor(email, CHOOSE_LINK, second);
    // The link the first sign-up mailed would activate its password: it no longer works.
    expect(await follow(squattersLink)).toBe('/verify-email?error=invalid-link');

    // Asking for the link again still sends one that makes the inbox choose the password.
    const third = smtp.mails.length;
    const resent = await call(`${api}/resend-verification`, { body: { email } });
    expect(resent.status).toBe(200);
    const { mail, link } = await smtp.linkFor(email, CHOOSE_LINK, third);
    expect(mail.subject).toBe('Choose your Parley password');
    expect(VERIFY_LINK.test(mail.text)).toBe(false);

    expect((await setPassword(link, PASSWORD)).status).toBe(200);
    expect((await login(email, 'Squatter-Pass-77')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('never verifies an account signed up twice from a plain verification link, even one issued in a race', async () => {
    const email = 'raced@shop.example';
    const first = smtp.mails.length;
    await register(email, 'Squatter-Pass-77');
    const { link: plainLink } = await smtp.linkFor(email, VERIFY_LINK, first);
    const second = smtp.mails.length;
    await register(email, PASSWORD);
    await smtp.linkFor(email, CHOOSE_LINK, second);
    // As if a resend had stored its plain link just after the second sign-up voided the others.
    await db.query('update auth_service.email_tokens set used_at = null where token_hash = $1', [
      hashToken(new URL(plainLink).searchParams.get('token') ?? ''),
    ]);

    expect(await follow(plainLink)).toBe('/verify-email?error=invalid-link');
    expect((await login(email, 'Squatter-Pass-77')).status).toBe(403);
  });

  it('answers two sign-ups of one address at the same instant alike, and lets neither password in', async () => {
    const email = 'same-instant@shop.example';
    const before = smtp.mails.length;
    const answers = await Promise.all([register(email, 'Squatter-Pass-77'), register(email, PASSWORD)]);
    expect(answers[0]).toEqual({
      status: 201,
      body: { message: expect.stringContaining('check your email') },
    });
    expect(answers[1]).toEqual(answers[0]);

    // One mail each, in either order: the plain link of the first is void, the second's lets the inbox
    // choose the password.
    const mails = await mailsTo(email, 2, before);
    const plain = mails.map((m) => VERIFY_LINK.exec(m.text)?.[0]).filter((l) => l !== undefined);
    const choose = mails.map((m) => CHOOSE_LINK.exec(m.text)?.[0]).filter((l) => l !== undefined);
    expect([plain.length, choose.length]).toEqual([1, 1]);
    expect(await follow(plain[0])).toBe('/verify-email?error=invalid-link');
    const link = choose[0];
    expect((await setPassword(link, NEW_PASSWORD)).status).toBe(200);
    expect((await login(email, 'Squatter-Pass-77')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('resets a password from the emailed link, once, and ends every session', async () => {
    const email = 'forgetful@shop.example';
    await registerAndVerify(email);
    const session = cookieOf(await login(email));
    expect((await call(`${api}/me`, { cookie: session })).status).toBe(200);

    const unknown = await call(`${api}/forgot-password`, { body: { email: 'nobody@shop.example' } });
    const before = smtp.mails.length;
    const known = await call(`${api}/forgot-password`, { body: { email, language: 'ar' } });
    expect(known.status).toBe(200);
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: known.status,
      body: known.body,
    });
    expect(known.body).not.toHaveProperty('resetToken');

    const { mail, link } = await smtp.linkFor(email, RESET_LINK, before);
    expect(mail.subject).toBe('إعادة تعيين كلمة مرور Parley');
    const token = link.split('/').pop();
    const weak = await call(`${api}/reset-password`, { body: { token, password: 'weakpass' } });
    expect(weak.status).toBe(400);
    const reset = await call(`${api}/reset-password`, { body: { token, password: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toContain('reset');
    expect(
      (await call(`${api}/reset-password`, { body: { token, password: 'Another-Pass-93' } })).status,
    ).toBe(404);

    expect((await call(`${api}/me`, { cookie: session })).status).toBe(401);
    expect((await login(email)).status).toBe(401);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('upgrades a password hash made with the earlier argon2 parameters at the next sign-in', async () => {
    const email = 'early-adopter@shop.example';
    await registerAndVerify(email);
    // 'Corr3ct-Horse!' hashed with the first release's profile (19 MiB, t=2).
    const oldHash =
      '$argon2id$v=19$m=19456,t=2,p=1$q0jW6kpVWXF75NHvBhUA6Q$bN/recDeCF9OmMmNQgXaYi/fOoKsmNEPxKRZiaGxTZE';
    await db.query('update auth_service.users set password_hash = $1 where email = $2', [oldHash, email]);

    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, 'Corr3ct-Horse!')).status).toBe(200);
    const { rows } = await db.query('select password_hash from auth_service.users where email = $1', [email]);
    expect((rows[0] as { password_hash: string }).password_hash).toMatch(
      /^\$argon2id\$v=19\$m=12288,t=3,p=1\$/,
    );
    expect((await login(email, 'Corr3ct-Horse!')).status).toBe(200);
  });

  it('tells an unverified address to verify first, and resends a fresh link', async () => {
    const email = 'pending@shop.example';
    await call(`${api}/register`, { body: { email, password: PASSWORD } });
    const forgot = await call(`${api}/forgot-password`, { body: { email } });
    expect(forgot.status).toBe(403);
    expect(forgot.body).toEqual({
      code: 'FORBIDDEN',
      message: expect.stringContaining('verify'),
      needsVerification: true,
    });

    const before = smtp.mails.length;
    const resent = await call(`${api}/resend-verification`, { body: { email } });
    expect(resent.status).toBe(200);
    expect(resent.body).not.toHaveProperty('verificationUrl');
    const { link } = await smtp.linkFor(email, VERIFY_LINK, before);
    expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toContain(
      '/verification-success',
    );
  });

  it('limits attempts per address with 429 and Retry-After, without locking the address from elsewhere', async () => {
    const email = 'target@shop.example';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(email, 'Wrong-Guess-1!')).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await login(email, 'Wrong-Guess-1!');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.message).toContain('Too many attempts');
  });

  it('refuses cross-site writes and bad bodies with clear JSON errors', async () => {
    const evil = await call(`${api}/login`, {
      body: { email: 'a@b.co', password: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect(evil.body).toEqual({ code: 'FORBIDDEN', message: 'Cross-site request refused' });

    const malformed = await fetch(`${api}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/JSON/),
    });

    const text = await fetch(`${api}/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Unsupported content type: send application/json',
    });

    const huge = await fetch(`${api}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'big@shop.example', password: 'x'.repeat(1_100_000) }),
    });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toContain('larger than');
    for (const res of [malformed, text, huge])
      expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('answers 503 at once when auth-service is down', async () => {
    await stack.services.get('auth-service')?.app.close();
    stack.services.delete('auth-service');
    const started = Date.now();
    const res = await login('owner@shop.example');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'The auth service is unavailable' });
  });
});
