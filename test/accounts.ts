import { Client } from 'pg';
import { call, cookieOf } from './http';
import type { SmtpSink } from '@parley/server-kit/testing';

const VERIFY_LINK = /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?token=[\w-]+/;
export const OWNER_PASSWORD = 'Tq8#vLw2!xZ';

/** A verified, signed-in owner through the real flow (register → emailed link → login); returns the cookie. */
export async function signedInOwner(
  api: string,
  smtp: SmtpSink,
  email: string,
): Promise<{ cookie: string; id: string }> {
  const before = smtp.mails.length;
  const registered = await call(`${api}/api/auth/register`, { body: { email, password: OWNER_PASSWORD } });
  if (registered.status !== 201)
    throw new Error(`register ${email}: ${registered.status} ${JSON.stringify(registered.body)}`);
  const { link } = await smtp.linkFor(email, VERIFY_LINK, before);
  await fetch(link, { redirect: 'manual' });
  const login = await call(`${api}/api/auth/login`, { body: { email, password: OWNER_PASSWORD } });
  const cookie = cookieOf(login);
  const me = await call<{ id: string }>(`${api}/api/auth/me`, { cookie });
  return { cookie, id: me.body.id };
}

/** Runs one SQL statement against the test database. */
export async function sql<T = Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(text, params)).rows as T[];
  } finally {
    await db.end();
  }
}
