// A verified owner for the sign-in scenarios, written straight into auth-service's table (the bench
// stack has no mailbox to verify through), with the same argon2id settings the service uses.
import { randomUUID } from 'node:crypto';
import { Algorithm, hash as argon2Hash } from '@node-rs/argon2';
import pg from 'pg';

export const BENCH_PASSWORD = 'Bench-Otter-73!';

/**
 * Returns the sign-in body { email, password }. `id` and `email` may be chosen by the caller (the
 * scenarios that store data under an owner need its id; see lib/owners.mjs).
 */
export async function createVerifiedOwner(
  databaseUrl,
  { id = randomUUID(), email = `bench-${randomUUID()}@parley.bench` } = {},
) {
  const hash = await argon2Hash(BENCH_PASSWORD, {
    algorithm: Algorithm.Argon2id,
    memoryCost: 12_288,
    timeCost: 3,
    parallelism: 1,
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The account, and the workspace it owns (docs/teams.md: its id is the user's), as sign-up makes them.
    await client.query(
      `with account as (
         insert into auth_service.users (id, email, password_hash, email_verified) values ($1, $2, $3, true)
         returning id, email
       ), workspace as (
         insert into auth_service.workspaces (id, name, owner_id)
         select id, split_part(email, '@', 1) || '''s business', id from account
         returning id
       )
       insert into auth_service.memberships (user_id, workspace_id, role) select id, id, 'owner' from workspace`,
      [id, email, hash],
    );
  } finally {
    await client.end();
  }
  return { email, password: BENCH_PASSWORD };
}

/** Signs in over HTTP and returns the session cookie (`name=value`). */
export async function signIn(gatewayUrl, owner) {
  const res = await fetch(`${gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(owner),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}
