import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BILLING_SUBJECTS, type PlanResponse, type UsagePackageResponse, workspaceActor } from '@parley/contracts';
import {
  connectNats,
  createServiceApp,
  loadConfig,
  ServiceClient,
  type ServiceApp,
} from '@parley/server-kit';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import { billingServiceModule } from '../src/app.module';
import { PaymentLinksSync } from '../src/billing/payment-links.sync';
import { BillingConfig } from '../src/config/billing.config';

const REPO = resolve(__dirname, '../../..');
const link = (name: string) => ({ url: `https://buy.stripe.com/test_${name}`, id: `plink_${name}` });

/**
 * PAYMENT_LINKS_FILE on real PostgreSQL and NATS: a good file is written to the catalogue at start-up (and
 * again, changing nothing); a bad one stops billing-service's start, naming each bad entry.
 */
describe('payment links from PAYMENT_LINKS_FILE', () => {
  let infra: TestInfra;
  let dir: string;
  let billing: ServiceApp | undefined;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;

  beforeAll(async () => {
    infra = await createTestInfra();
    dir = await mkdtemp(join(tmpdir(), 'parley-links-'));
    const config = loadConfig(BillingConfig, infra.env);
    nc = await connectNats(config.NATS_URL, 'payment-links-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 5000);
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await nc?.drain();
    await billing?.app.close();
    await infra?.cleanup();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function fileOf(json: unknown): Promise<string> {
    const file = join(dir, `${randomUUID()}.json`);
    await writeFile(file, JSON.stringify(json));
    return file;
  }

  /** Every row's link, as `table.id → [url, link id]`. */
  async function storedLinks(): Promise<Record<string, [string | null, string | null]>> {
    const { rows } = await db.query<{ name: string; url: string | null; link_id: string | null }>(
      `select 'plans.' || id as name, payment_link as url, payment_link_id as link_id from billing_service.plans
       union all
       select 'refills.' || id, payment_link, payment_link_id from billing_service.usage_packages
       order by 1`,
    );
    return Object.fromEntries(rows.map((r) => [r.name, [r.url, r.link_id]]));
  }

  /** billing-service as `npm start` runs it (its main.ts), with this file: its exit code and output. */
  function boot(file: string): Promise<{ code: number | null; output: string }> {
    return new Promise((done, fail) => {
      const child = spawn(
        process.execPath,
        ['-r', '@swc-node/register', 'apps/billing-service/src/main.ts'],
        {
          cwd: REPO,
          env: { ...process.env, ...infra.env, SWC_NODE_PROJECT: 'tsconfig.json', PAYMENT_LINKS_FILE: file },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      child.on('error', fail);
      child.on('exit', (code) => {
        clearTimeout(timer);
        done({ code, output });
      });
    });
  }

  it('writes a good file at start-up, serves its links, and applying it again changes nothing', async () => {
    const file = await fileOf({
      plans: { basic: link('basic_plan'), pro: link('pro_plan') },
      refills: { basic: link('basic_refill'), power: link('power_refill') },
    });
    const config = loadConfig(BillingConfig, { ...infra.env, PAYMENT_LINKS_FILE: file });
    billing = await createServiceApp('billing-service', billingServiceModule(config), config);

    const configured = {
      'plans.basic': ['https://buy.stripe.com/test_basic_plan', 'plink_basic_plan'],
      'plans.enterprise': [null, null],
      'plans.free': [null, null],
      'plans.pro': ['https://buy.stripe.com/test_pro_plan', 'plink_pro_plan'],
      'refills.basic': ['https://buy.stripe.com/test_basic_refill', 'plink_basic_refill'],
      'refills.free': [null, null],
      'refills.power': ['https://buy.stripe.com/test_power_refill', 'plink_power_refill'],
      'refills.pro': [null, null],
      'refills.unlimited': [null, null],
    };
    expect(await storedLinks()).toEqual(configured);
    const owner = randomUUID();
    const plans = await client.send<PlanResponse[]>(
      BILLING_SUBJECTS.listPlans,
      {},
      { actor: workspaceActor(owner) },
    );
    expect(plans.find((p) => p.id === 'pro')?.paymentLink).toBe(
      `https://buy.stripe.com/test_pro_plan?client_reference_id=${owner}`,
    );
    const refills = await client.send<UsagePackageResponse[]>(
      BILLING_SUBJECTS.listPackages,
      {},
      { actor: workspaceActor(owner) },
    );
    expect(refills.find((p) => p.id === 'pro')?.paymentLink).toBeNull();

    // A second replica starting with the same file, or the same one again: nothing to change.
    expect(await billing.app.get(PaymentLinksSync).sync(file)).toEqual([]);
    expect(await storedLinks()).toEqual(configured);
  });

  it('follows a changed file: two plans may swap links, and a refill it no longer lists has none', async () => {
    const file = await fileOf({
      plans: { basic: link('pro_plan'), pro: link('basic_plan') },
      refills: { basic: link('basic_refill'), power: null },
    });
    expect(await billing?.app.get(PaymentLinksSync).sync(file)).toEqual([
      'plans.basic',
      'plans.pro',
      'refills.power',
    ]);
    expect(await storedLinks()).toMatchObject({
      'plans.basic': ['https://buy.stripe.com/test_pro_plan', 'plink_pro_plan'],
      'plans.pro': ['https://buy.stripe.com/test_basic_plan', 'plink_basic_plan'],
      'refills.basic': ['https://buy.stripe.com/test_basic_refill', 'plink_basic_refill'],
      'refills.power': [null, null],
    });
  });

  it('stops the start on a bad file, naming each bad entry, and changes no link', async () => {
    const before = await storedLinks();
    const file = await fileOf({
      plans: { gold: link('gold'), pro: { url: 'https://buy.stripe.com/test_pro', id: 'pro' } },
      refills: { unlimited: { url: 'http://buy.stripe.com/x', id: 'plink_unlimited' } },
    });

    const { code, output } = await boot(file);

    expect(code).toBe(1);
    expect(output).toContain(`failed to start: PAYMENT_LINKS_FILE ${file} is invalid`);
    expect(output).toContain('plans.gold: no plan sold by payment link has this id (basic, pro)');
    expect(output).toContain('plans.pro.id: must be the payment link');
    expect(output).toContain('refills.unlimited.url: must be the payment link');
    expect(await storedLinks()).toEqual(before);
  }, 120_000);

  it('names a file that cannot be read', async () => {
    const missing = join(dir, 'missing.json');
    await expect(billing?.app.get(PaymentLinksSync).sync(missing)).rejects.toThrow(
      `PAYMENT_LINKS_FILE ${missing} is invalid:\n  - cannot be read: ENOENT`,
    );
  });
});
