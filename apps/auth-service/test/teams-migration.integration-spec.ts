import { createHash, randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { AUTH_SUBJECTS, type LoginResult, type ResolvedSession } from '@parley/contracts';
import {
  connectNats,
  createServiceApp,
  JsonLogger,
  loadConfig,
  migrate,
  ormOptions,
  ServiceClient,
  type ServiceApp,
} from '@parley/server-kit';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import { authServiceModule } from '../src/app.module';
import { AuthConfig } from '../src/config/auth.config';
import { migrations } from '../src/migrations';
import { hashPassword } from '../src/passwords/passwords';

const PASSWORD = 'Tq8#vLw2!xZ';
const NAMED = randomUUID();
const UNNAMED = randomUUID();
const PENDING = randomUUID();
const TOKEN = 'a-session-made-before-teams';

/**
 * Migration20261207153300 (teams): a database filled as auth-service left it before, then the service starts
 * and migrates it. Every account owns a workspace whose id is its own user id (so every `owner_id` row of
 * the other services names it, and is reached through the actor's workspaceId), with an owner membership;
 * a session made before keeps working and now resolves to that workspace.
 */
describe('auth-service: every account becomes the owner of its own workspace (a database filled before)', () => {
  let infra: TestInfra;
  let auth: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;

  beforeAll(async () => {
    infra = await createTestInfra();
    const config = loadConfig(AuthConfig, { ...infra.env });
    const before = migrations.slice(0, migrations.findIndex((m) => m.name === 'Migration20261207153300'));
    const orm = await MikroORM.init<PostgreSqlDriver>(
      ormOptions('auth-service', config, { entities: [], migrations: before }),
    );
    try {
      await migrate(orm, 'auth-service', new JsonLogger('test', 'error'));
    } finally {
      await orm.close();
    }
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    const hash = await hashPassword(PASSWORD);
    await db.query(
      `insert into auth_service.users (id, email, password_hash, email_verified, must_choose_password, name, created_at, updated_at)
       values ($1, 'named@shop.example', $4, true, false, 'Lina', '2026-11-01T09:00:00Z', now()),
              ($2, 'unnamed@shop.example', $4, true, false, null, '2026-11-02T09:00:00Z', now()),
              ($3, 'pending@shop.example', $4, false, false, null, '2026-11-03T09:00:00Z', now())`,
      [NAMED, UNNAMED, PENDING, hash],
    );
    await db.query(
      `insert into auth_service.sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at)
       values ($1, $2, $3, now(), now(), now() + interval '1 day')`,
      [randomUUID(), NAMED, createHash('sha256').update(TOKEN).digest('hex')],
    );
    auth = await createServiceApp('auth-service', authServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'auth-teams-migration-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 5000);
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await nc?.drain();
    await auth?.app.close();
    await infra?.cleanup();
  });

  it('gives every account a workspace with its own id, named after it, and an owner membership', async () => {
    const { rows } = await db.query(
      `select u.id, w.id as workspace_id, w.name, w.owner_id, m.role, m.workspace_id as member_of
         from auth_service.users u
         left join auth_service.workspaces w on w.id = u.id
         left join auth_service.memberships m on m.user_id = u.id
        order by u.email`,
    );
    expect(rows).toEqual([
      { id: NAMED, workspace_id: NAMED, name: "Lina's business", owner_id: NAMED, role: 'owner', member_of: NAMED },
      { id: PENDING, workspace_id: PENDING, name: "pending's business", owner_id: PENDING, role: 'owner', member_of: PENDING },
      { id: UNNAMED, workspace_id: UNNAMED, name: "unnamed's business", owner_id: UNNAMED, role: 'owner', member_of: UNNAMED },
    ]);
  });

  it('keeps a session made before, now in the account’s workspace as its owner', async () => {
    const session = await client.send<ResolvedSession>(AUTH_SUBJECTS.resolveSession, { token: TOKEN });
    expect(session).toMatchObject({
      user: { id: NAMED, email: 'named@shop.example', name: 'Lina' },
      workspace: { id: NAMED, name: "Lina's business" },
      role: 'owner',
    });
  });

  it('signs in an account made before, into its own workspace', async () => {
    const login = await client.send<LoginResult>(AUTH_SUBJECTS.login, {
      email: 'unnamed@shop.example',
      password: PASSWORD,
    });
    const session = await client.send<ResolvedSession>(AUTH_SUBJECTS.resolveSession, { token: login.token });
    expect(session).toMatchObject({ workspace: { id: UNNAMED }, role: 'owner' });
  });
});
