import { randomUUID } from 'node:crypto';
import { AUTH_SUBJECTS, ErrorCode, USAGE_WARNING_MESSAGES, workspaceActor } from '@parley/contracts';
import {
  connectNats,
  createServiceApp,
  loadConfig,
  ServiceClient,
  type ServiceApp,
} from '@parley/server-kit';
import { createTestInfra, type SmtpSink, startSmtpSink, type TestInfra } from '@parley/server-kit/testing';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import { authServiceModule } from '../src/app.module';
import { AuthConfig } from '../src/config/auth.config';

const PUBLIC_URL = 'https://parley.example';
const PASSWORD = 'Tq8#vLw2!xZ';

/**
 * auth-service alone (own database, NATS and Redis prefixes) mailing owners what other services decided to
 * tell them — usage warnings (billing), degraded channels (integrations) — to a real SMTP sink.
 */
describe('auth-service: usage warning and channel health mails (real SMTP, PostgreSQL, NATS)', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let auth: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;

  beforeAll(async () => {
    infra = await createTestInfra();
    smtp = await startSmtpSink();
    const config = loadConfig(AuthConfig, { ...infra.env, SMTP_URL: smtp.url, PUBLIC_URL });
    auth = await createServiceApp('auth-service', authServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'auth-usage-warning-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 5000);
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await nc?.drain();
    await auth?.app.close();
    await smtp?.close();
    await infra?.cleanup();
  });

  /** Signs up (in `language`, if given) and returns the account's id. */
  async function account(email: string, language?: string): Promise<string> {
    await client.send(AUTH_SUBJECTS.register, {
      email,
      password: PASSWORD,
      ...(language ? { language } : {}),
    });
    const { rows } = await db.query<{ id: string }>('select id from auth_service.users where email = $1', [
      email,
    ]);
    return rows[0].id;
  }

  const warn = (ownerId: string, data: unknown) =>
    client.send(AUTH_SUBJECTS.sendUsageWarning, data, { actor: workspaceActor(ownerId) });

  async function refused(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
    try {
      await promise;
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return { code, message };
    }
    throw new Error('the request was not refused');
  }

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

  /** The mail to `email` after the first `before` of them, once it arrived. */
  async function mailAfter(email: string, before: number) {
    const deadline = Date.now() + 5000;
    while (mailsTo(email).length <= before && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const mail = mailsTo(email)[before];
    if (!mail) throw new Error(`no mail to ${email}`);
    return mail;
  }

  it('mails the owner in English when their language is not known, with the level and the Billing link', async () => {
    const email = 'owner-en@shop.example';
    const ownerId = await account(email);
    const before = mailsTo(email).length;
    expect(await warn(ownerId, { level: 3, used: 1250, limit: 1250 })).toEqual({ sent: true });
    const mail = await mailAfter(email, before);
    expect(mail.subject).toBe('Parley: you have used all your API calls');
    const text = mail.text.replace(/\r?\n/g, ' ');
    expect(text).toContain(USAGE_WARNING_MESSAGES[3]);
    expect(text).toContain('You have used 1,250 of 1,250 API calls this period.');
    expect(text).toContain('customers get your away message');
    expect(text).toContain(`${PUBLIC_URL}/billing`);
  });

  it('mails in the language the owner signed up in', async () => {
    const es = 'owner-es@shop.example';
    const esId = await account(es, 'es');
    const esBefore = mailsTo(es).length;
    await warn(esId, { level: 1, used: 40, limit: 50 });
    const esMail = await mailAfter(es, esBefore);
    expect(esMail.subject).toBe('Parley: te queda el 20 % de tus llamadas a la API');
    expect(esMail.text).toContain('Has usado 40 de 50 llamadas');
    expect(esMail.text).toContain(`${PUBLIC_URL}/billing`);

    const ar = 'owner-ar@shop.example';
    const arId = await account(ar, 'ar');
    const arBefore = mailsTo(ar).length;
    await warn(arId, { level: 2, used: 45, limit: 50 });
    const arMail = await mailAfter(ar, arBefore);
    expect(arMail.subject).toBe('Parley: تبقّى 10% فقط من طلبات واجهة API');
    expect(arMail.text).toContain('dir="rtl"');
    expect(arMail.text).toContain(`${PUBLIC_URL}/billing`);
  });

  it('refuses an unknown owner and a bad warning, mailing nothing', async () => {
    const email = 'owner-bad@shop.example';
    const ownerId = await account(email);
    const before = smtp.mails.length;
    expect(await refused(warn(randomUUID(), { level: 1, used: 40, limit: 50 }))).toEqual({
      code: ErrorCode.NotFound,
      message: 'No such account',
    });
    expect(await refused(warn(ownerId, { level: 0, used: 0, limit: 50 }))).toEqual({
      code: ErrorCode.ValidationFailed,
      message: 'Level must be 1, 2 or 3',
    });
    expect(await refused(warn(ownerId, { level: 2, used: -1, limit: 50 }))).toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.length).toBe(before);
  });

  const alert = (ownerId: string, data: unknown) =>
    client.send(AUTH_SUBJECTS.sendChannelHealth, data, { actor: workspaceActor(ownerId) });

  it("mails a degraded channel in the owner's language, with the reasons and the Integrations link", async () => {
    const email = 'owner-health@shop.example';
    const ownerId = await account(email, 'es');
    const before = mailsTo(email).length;
    expect(
      await alert(ownerId, {
        platform: 'facebook',
        problems: ['token_refused'],
        detail: 'Error validating access token',
      }),
    ).toEqual({ sent: true });
    const mail = await mailAfter(email, before);
    expect(mail.subject).toBe('Parley: Facebook necesita tu atención');
    const text = mail.text.replace(/\r?\n/g, ' ');
    expect(text).toContain('La plataforma ya no acepta el acceso de Parley');
    expect(text).toContain('Error validating access token');
    expect(text).toContain(`${PUBLIC_URL}/social-integrations`);
  });

  it('refuses a channel alert naming no problem or an unknown platform, mailing nothing', async () => {
    const email = 'owner-health-bad@shop.example';
    const ownerId = await account(email);
    const before = smtp.mails.length;
    expect(await refused(alert(ownerId, { platform: 'facebook', problems: [] }))).toEqual({
      code: ErrorCode.ValidationFailed,
      message: 'Problems must name at least one problem',
    });
    expect(await refused(alert(ownerId, { platform: 'myspace', problems: ['token_refused'] }))).toMatchObject(
      {
        code: ErrorCode.ValidationFailed,
      },
    );
    expect(await refused(alert(randomUUID(), { platform: 'facebook', problems: ['send_failures'] }))).toEqual(
      { code: ErrorCode.NotFound, message: 'No such account' },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.length).toBe(before);
  });
});
