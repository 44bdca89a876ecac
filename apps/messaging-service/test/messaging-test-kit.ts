import {
  type AiConfigResponse,
  type IngestMessageResult,
  MESSAGING_SUBJECTS,
  type OwnerEvent,
  PAGE_NEXT_CURSOR_HEADER,
  REALTIME_SUBJECT,
  workspaceActor,
} from '@parley/contracts';
import {
  connectNats,
  createServiceApp,
  loadConfig,
  ServiceClient,
  type ServiceApp,
} from '@parley/server-kit';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';
import { randomUUID } from 'node:crypto';
import { JSONCodec, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { messagingServiceModule } from '../src/app.module';
import { MessagingConfig } from '../src/config/messaging.config';

const codec = JSONCodec();

/**
 * messaging-service alone on its own database, NATS prefix and Redis prefix, spoken to over NATS as the
 * gateway does, with what its integration tests share: a client, the database, the realtime events it
 * sent, and helpers for lists and common requests. `MessagingTestKit.start` in a `describe` starts it
 * before the describe's tests and stops it after them; `env` adds variables, read when it starts;
 * `prepare` runs on the new database before the service starts (and migrates it).
 */
export class MessagingTestKit {
  infra!: TestInfra;
  messaging!: ServiceApp;
  nc!: NatsConnection;
  client!: ServiceClient;
  db!: Client;
  /** The NATS prefix of this service's subjects (stand-in responders subscribe under it). */
  prefix!: string;
  /** Every realtime event the service sent, oldest first. */
  readonly events: OwnerEvent[] = [];

  static start(
    clientName: string,
    env: () => Record<string, string> = () => ({}),
    prepare?: (config: MessagingConfig) => Promise<void>,
  ): MessagingTestKit {
    const kit = new MessagingTestKit();
    beforeAll(async () => {
      kit.infra = await createTestInfra();
      const config = loadConfig(MessagingConfig, {
        ...kit.infra.env,
        RECONCILE_INTERVAL_MS: '600000',
        ...env(),
      });
      await prepare?.(config);
      kit.prefix = config.NATS_PREFIX;
      kit.messaging = await createServiceApp('messaging-service', messagingServiceModule(config), config);
      kit.nc = await connectNats(config.NATS_URL, clientName);
      kit.client = new ServiceClient(kit.nc, config.NATS_PREFIX, 5000);
      kit.nc.subscribe(`${kit.prefix}${REALTIME_SUBJECT}`, {
        callback: (_error, msg) => kit.events.push(codec.decode(msg.data) as OwnerEvent),
      });
      kit.db = new Client({ connectionString: kit.infra.env.DATABASE_URL });
      await kit.db.connect();
    }, 60_000);
    afterAll(async () => {
      await kit.db?.end();
      await kit.nc?.drain();
      await kit.messaging?.app.close();
      await kit.infra?.cleanup();
    });
    return kit;
  }

  readonly send = <T>(subject: string, owner: string, data: unknown): Promise<T> =>
    this.client.send<T>(subject, data, { actor: workspaceActor(owner) });

  /** What the gateway receives for a list: the body's bytes as they are, and the next cursor. */
  readonly page = async <T>(subject: string, owner: string, query: Record<string, string>) => {
    const answer = await this.client.sendRaw(subject, query, { actor: workspaceActor(owner) });
    const text = Buffer.from(answer.body).toString('utf8');
    const items = JSON.parse(text) as T[];
    // The body is the HTTP response body itself: a compact JSON array, nothing around it.
    expect(text).toBe(JSON.stringify(items));
    return { items, cursor: answer.header(PAGE_NEXT_CURSOR_HEADER) };
  };

  /**
   * Every page of a list, following the cursors; checks each cursor names the page's last item (its
   * `id`, and its time `at` to the millisecond, kept to the microsecond).
   */
  readonly allPages = async <T>(
    subject: string,
    owner: string,
    query: Record<string, string>,
    at: (item: T) => string,
    id: (item: T) => string = (item) => (item as { id: string }).id,
  ): Promise<T[][]> => {
    const pages: T[][] = [];
    let cursor: string | undefined;
    do {
      const next = await this.page<T>(subject, owner, cursor ? { ...query, cursor } : query);
      pages.push(next.items);
      cursor = next.cursor;
      if (cursor) {
        const last = next.items[next.items.length - 1];
        const [time, lastId] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
          string,
          string,
        ];
        expect(lastId).toBe(id(last));
        // The cursor keeps the microseconds of the row's time; the item shows its milliseconds.
        expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
        expect(time.slice(0, 23)).toBe(at(last).slice(0, 23));
      }
    } while (cursor);
    return pages;
  };

  /** A simulated message from María García on Instagram, unless `message` says otherwise. */
  readonly ingest = (owner: string, message: Record<string, unknown>) =>
    this.send<IngestMessageResult>(MESSAGING_SUBJECTS.ingestMessage, owner, {
      platform: 'instagram',
      platformUsername: 'maria.g',
      senderName: 'María García',
      content: 'Hola',
      ...message,
    });

  /**
   * The AI's reply to a new customer's message, through the reply job (simulate-message as the gateway sends it):
   * its text and metadata, once stored (15 s at most).
   */
  readonly replyTo = async <M = Record<string, unknown>>(
    owner: string,
    content: string,
    senderName = 'Alex',
  ): Promise<{ content: string; metadata: M | null }> => {
    const sent = await this.send<IngestMessageResult>(MESSAGING_SUBJECTS.ingestMessage, owner, {
      platform: 'instagram',
      platformUsername: `c${randomUUID().slice(0, 8)}`,
      senderName,
      content,
    });
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { rows } = await this.db.query<{ content: string; metadata: M | null }>(
        `select content, metadata from messaging_service.messages
          where owner_id = $1 and customer_id = $2 and direction = 'outgoing'`,
        [owner, sent.customerId],
      );
      if (rows[0]) return rows[0];
      if (Date.now() > deadline) throw new Error(`no reply to "${content}"`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  /** A new owner whose AI does not answer (auto respond off), so that nothing changes behind a test. */
  readonly quietOwner = async (): Promise<string> => {
    const owner = randomUUID();
    await this.send<AiConfigResponse>(MESSAGING_SUBJECTS.saveAiConfig, owner, {
      companyName: 'Olive & Thread',
      companyDescription: 'Linen clothes.',
      autoRespond: false,
    });
    return owner;
  };
}

/** Waits until `done()` holds (realtime events arrive a moment after the answer that caused them). */
export async function until(done: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
