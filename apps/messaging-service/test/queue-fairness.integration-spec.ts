import { randomUUID } from 'node:crypto';
import {
  type AiConfigResponse,
  type IngestMessageResult,
  MESSAGING_SUBJECTS,
  type TrainingDocumentResponse,
  USAGE_SUBJECTS,
  workspaceActor,
} from '@parley/contracts';
import {
  connectNats,
  createRedis,
  createServiceApp,
  loadConfig,
  ServiceClient,
  type ServiceApp,
  UploadStore,
} from '@parley/server-kit';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';
import type { Redis } from 'ioredis';
import { JSONCodec, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { messagingServiceModule } from '../src/app.module';
import { MessagingConfig } from '../src/config/messaging.config';

const codec = JSONCodec();

/** A document of `paragraphs` paragraphs of prose: big enough that reading it takes the worker a moment. */
function prose(paragraphs: number): Buffer {
  const text = Array.from(
    { length: paragraphs },
    (_, i) =>
      `Section ${i}. Our shop opens at ten and closes at seven; orders placed before noon leave the same day. ` +
      `Returns are free within thirty days, and every linen shirt is washed twice before it is sent.`,
  ).join('\n\n');
  return Buffer.from(text, 'utf8');
}

/**
 * One owner's flood of work in messaging-service's shared queues (training documents, AI replies) must
 * delay only that owner: another owner's single small job is done while most of the flood still waits.
 * messaging-service alone on its own database, NATS prefix and Redis prefix; billing-service's call count is
 * stood in for by a NATS responder that always allows the call.
 */
describe('fair turns for owners in messaging-service’s queues', () => {
  let infra: TestInfra;
  let messaging: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let redis: Redis;
  let uploads: UploadStore;
  let db: Client;

  beforeAll(async () => {
    infra = await createTestInfra();
    // Few reply workers, so a flood of a few hundred messages is a backlog for a while.
    const config = loadConfig(MessagingConfig, {
      ...infra.env,
      RECONCILE_INTERVAL_MS: '600000',
      REPLY_CONCURRENCY: '2',
    });
    messaging = await createServiceApp('messaging-service', messagingServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'queue-fairness-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 30_000);
    nc.subscribe(`${config.NATS_PREFIX}${USAGE_SUBJECTS.consume}`, {
      queue: 'stand-in',
      callback: (_error, msg) => {
        const packet = codec.decode(msg.data) as { id: string };
        msg.respond(codec.encode({ id: packet.id, response: { used: 1 }, isDisposed: true }));
      },
    });
    redis = createRedis(config.REDIS_URL);
    uploads = new UploadStore(redis, config.REDIS_PREFIX);
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    redis?.disconnect();
    await nc?.drain();
    await messaging?.app.close();
    await infra?.cleanup();
  });

  const send = <T>(subject: string, owner: string, data: unknown) =>
    client.send<T>(subject, data, { actor: workspaceActor(owner) });

  const count = async (text: string, params: unknown[]) =>
    (await db.query<{ n: number }>(text, params)).rows[0].n;

  /** Whether the row `id` of `table` has left `status` (a document read, a message answered). */
  const moved = async (table: string, id: string, status: string) =>
    (await count(`select count(*)::int as n from messaging_service.${table} where id = $1 and status <> $2`, [
      id,
      status,
    ])) === 1;

  /** How long from `start` (which answers the id of what it started) until `done(id)` holds, in ms. */
  async function latency(
    start: () => Promise<string>,
    done: (id: string) => Promise<boolean>,
  ): Promise<number> {
    const started = Date.now();
    const id = await start();
    while (!(await done(id))) {
      if (Date.now() - started > 60_000) throw new Error(`${id} not done within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return Date.now() - started;
  }

  describe('training documents', () => {
    const upload = async (owner: string, bytes: Buffer, name: string) => {
      const uploadKey = await uploads.put(owner, bytes);
      return send<TrainingDocumentResponse>(MESSAGING_SUBJECTS.uploadTrainingDocument, owner, {
        uploadKey,
        fileName: name,
        mediaType: 'text/plain',
        fileSize: bytes.length,
      });
    };
    const processing = (owner: string) =>
      count(
        "select count(*)::int as n from messaging_service.training_documents where owner_id = $1 and status = 'processing'",
        [owner],
      );
    /** How long a one-sentence document of `owner` takes to be read, in ms. */
    const smallDocumentLatency = (owner: string) =>
      latency(
        async () => (await upload(owner, Buffer.from('We open at ten and close at seven.'), 'hours.txt')).id,
        (id) => moved('training_documents', id, 'processing'),
      );

    it('reads another owner’s small document while most of one owner’s flood still waits', async () => {
      const flooder = randomUUID();
      const other = randomUUID();
      const quiet = await smallDocumentLatency(other);

      const FLOOD = 40;
      const big = prose(400);
      await Promise.all(Array.from({ length: FLOOD }, (_, i) => upload(flooder, big, `manual-${i}.txt`)));
      const startedWith = await processing(flooder);
      expect(startedWith).toBeGreaterThan(FLOOD - 10); // the flood is a backlog, not already read

      const busy = await smallDocumentLatency(other);
      const flooderLeft = await processing(flooder);
      // The other owner's document did not wait for the flood: most of it is still there afterwards.
      expect(flooderLeft).toBeGreaterThan(FLOOD / 2);
      // Read as soon as the jobs running when it came were done (one flood job here takes about 0.3 s).
      expect(busy).toBeLessThan(quiet + 3000);
    }, 180_000);
  });

  describe('AI replies', () => {
    const answerOn = async (owner: string) => {
      await send<AiConfigResponse>(MESSAGING_SUBJECTS.saveAiConfig, owner, {
        companyName: 'Olive & Thread',
        companyDescription: 'Linen clothes.',
        autoRespond: true,
        responseDelay: 0,
      });
    };
    const ingest = (owner: string, n: number) =>
      send<IngestMessageResult>(MESSAGING_SUBJECTS.ingestMessage, owner, {
        platform: 'instagram',
        platformUsername: `customer-${n}`,
        senderName: `Customer ${n}`,
        content: 'Hello, what time do you open on Saturday?',
      });
    const pending = (owner: string) =>
      count(
        "select count(*)::int as n from messaging_service.messages where owner_id = $1 and direction = 'incoming' and status = 'pending'",
        [owner],
      );
    /**
     * How long the AI reply to a message of a new customer of `owner` takes to be stored, in ms. A new customer
     * each time: the AI does not know the hours asked, hands that conversation to a person and leaves the
     * customer's next message to them (docs/agent.md, hand-off).
     */
    let customers = 1000;
    const replyLatency = (owner: string) =>
      latency(
        async () => (await ingest(owner, customers++)).messageId,
        (id) => moved('messages', id, 'pending'),
      );

    it('answers another owner’s message while most of one owner’s flood is still pending', async () => {
      const flooder = randomUUID();
      const other = randomUUID();
      await answerOn(flooder);
      await answerOn(other);
      const quiet = await replyLatency(other);

      const FLOOD = 200;
      await Promise.all(Array.from({ length: FLOOD }, (_, n) => ingest(flooder, n)));
      const busy = await replyLatency(other);
      const flooderLeft = await pending(flooder);
      expect(flooderLeft).toBeGreaterThan(FLOOD / 2);
      // Answered once the replies running when it came were done (one takes tens of ms here).
      expect(busy).toBeLessThan(quiet + 3000);
    }, 180_000);
  });
});
