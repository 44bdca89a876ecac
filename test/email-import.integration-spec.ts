import type { SubscriberImportResponse, SubscriberResponse } from '@parley/contracts';
import type { SmtpSink, TestInfra } from '@parley/server-kit/testing';
import { signedInOwner, sql } from './accounts';
import { call, uploadFile } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** POST /api/email/subscribers/import through the gateway: multipart, UploadStore, marketing-service. */
describe('subscriber CSV import through the gateway', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let api: string;
  let owner: { cookie: string; id: string };
  let other: { cookie: string; id: string };

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack());
    api = `${stack.url}/api/email`;
    owner = await signedInOwner(stack.url, smtp, 'ines@import.example');
    other = await signedInOwner(stack.url, smtp, 'otto@import.example');
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  const importCsv = (text: string | Buffer, who = owner, name = 'list.csv', type = 'text/csv') =>
    uploadFile(`${api}/subscribers/import`, who.cookie, 'file', {
      bytes: typeof text === 'string' ? Buffer.from(text, 'utf8') : text,
      name,
      type,
    });

  const subscribers = async (who = owner) =>
    (await call<SubscriberResponse[]>(`${api}/subscribers?limit=500`, { cookie: who.cookie })).body;

  it('imports a UTF-8 file with a BOM and semicolons: a bad row by number, a repeated address merged', async () => {
    const csv = Buffer.concat([
      BOM,
      Buffer.from(
        [
          'Email;First Name;Last Name;Tags',
          'Jose@Example.com;José;Núñez;vip, spring',
          'maria@example.com;María;;',
          'not-an-address;Bad;Row;',
          'JOSE@example.com;;Núñez Ruiz;spring|autumn',
          '',
          'ahmed@example.com;أحمد;;عربي',
        ].join('\r\n'),
        'utf8',
      ),
    ]);
    const answer = await importCsv(csv);

    expect(answer).toEqual({
      status: 200,
      body: {
        created: 3,
        updated: 0,
        merged: 1,
        skipped: 1,
        errors: [{ row: 4, message: 'Valid email is required' }],
      } satisfies SubscriberImportResponse,
    });
    const stored = await subscribers();
    const byEmail = new Map(stored.map((s) => [s.email, s]));
    expect([...byEmail.keys()].sort()).toEqual([
      'ahmed@example.com',
      'jose@example.com',
      'maria@example.com',
    ]);
    expect(byEmail.get('jose@example.com')).toMatchObject({
      firstName: 'José',
      lastName: 'Núñez',
      tags: ['vip', 'spring', 'autumn'],
      status: 'subscribed',
      source: 'import',
    });
    expect(byEmail.get('ahmed@example.com')).toMatchObject({ firstName: 'أحمد', tags: ['عربي'] });
    const summary = await call<{ subscribers: number }>(`${api}/summary`, { cookie: owner.cookie });
    expect(summary.body.subscribers).toBe(3);
  });

  it('reads commas and quoted cells; an address already there is updated, never resubscribed', async () => {
    const maria = (await subscribers()).find((s) => s.email === 'maria@example.com');
    expect(maria).toBeDefined();
    await call(`${api}/subscribers/${maria?.id}`, {
      method: 'PATCH',
      body: { tags: ['old'] },
      cookie: owner.cookie,
    });
    // Maria left through a mail's link meanwhile: the import must not bring her back.
    const answer = await importCsv(
      [
        'email,first name,last name,tags',
        'MARIA@example.com,Ignored,López,"new,old"',
        'lee@example.com,Lee,,',
      ].join('\n'),
    );
    expect(answer.body).toMatchObject({ created: 1, updated: 1, merged: 0, skipped: 0, errors: [] });
    const after = (await subscribers()).find((s) => s.email === 'maria@example.com');
    expect(after).toMatchObject({ firstName: 'María', lastName: 'López', tags: ['old', 'new'] });
  });

  it('keeps an unsubscribed address unsubscribed', async () => {
    await importCsv('email\nleft@example.com\n');
    const left = (await subscribers()).find((s) => s.email === 'left@example.com');
    // Left through a mail's link meanwhile.
    await sql(
      infra.env.DATABASE_URL,
      `update marketing_service.email_subscribers set status = 'unsubscribed' where id = $1`,
      [left?.id],
    );
    const answer = await importCsv('email,first name\nleft@example.com,Back\n');
    expect(answer.body).toMatchObject({ created: 0, updated: 1 });
    expect((await subscribers()).find((s) => s.email === 'left@example.com')).toMatchObject({
      status: 'unsubscribed',
      firstName: 'Back',
    });
  });

  it('refuses a file without an email column, a file that is not text, and more than 50 000 rows', async () => {
    const noEmail = await importCsv('name,tags\nAda,vip\n');
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toMatch(/"email" column/);

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]);
    const notText = await importCsv(png, owner, 'list.csv');
    expect(notText).toMatchObject({
      status: 400,
      body: { message: 'Invalid File Type: Please upload a CSV file.', field: 'file' },
    });

    const rows = Array.from({ length: 50_001 }, (_, i) => `r${i}@big.example`);
    const tooMany = await importCsv(['email', ...rows].join('\n'));
    expect(tooMany).toMatchObject({ status: 400, body: { message: 'The file has more than 50,000 rows' } });
    expect((await subscribers()).some((s) => s.email.endsWith('@big.example'))).toBe(false);
  });

  it('takes a file of exactly 50 000 rows', async () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => `r${i}@fifty.example;Name ${i};;t${i % 7}`);
    const started = Date.now();
    const answer = await importCsv(['email;first name;last name;tags', ...rows].join('\n'), other);
    const seconds = (Date.now() - started) / 1000;
    expect(answer.body).toMatchObject({ created: 50_000, updated: 0, skipped: 0, errors: [] });
    // Issue #31 asks for 10 s; the bench measures it on a quiet machine. This only catches a gross slowdown.
    expect(seconds).toBeLessThan(30);
    console.info(`50 000-row import: ${seconds.toFixed(1)} s`);
  }, 60_000);

  it("keeps each owner's import to that owner", async () => {
    await importCsv('email\nshared@example.com\n', other);
    expect((await subscribers(other)).map((s) => s.email)).toContain('shared@example.com');
    expect((await subscribers()).some((s) => s.email === 'shared@example.com')).toBe(false);
  });

  it('refuses it without a session', async () => {
    const res = await importCsv('email\nx@example.com\n', { cookie: '', id: '' });
    expect(res.status).toBe(401);
  });
});
