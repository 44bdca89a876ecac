import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  INTEGRATIONS_SUBJECTS,
  type KnowledgeItemResponse,
  MESSAGING_SUBJECTS,
  type ReplayProgressData,
  type ReplayResponse,
  type ReplayResult,
  type TestCaseResponse,
  USAGE_SUBJECTS,
} from '@parley/contracts';
import { JSONCodec } from 'nats';
import { MessagingTestKit, until } from './messaging-test-kit';

const codec = JSONCodec();

/**
 * Replays before publishing (docs/agent.md, "Replay") on messaging-service alone (MessagingTestKit: own database,
 * NATS prefix and Redis prefix). billing-service and integrations-service are stood in for by NATS responders
 * that record every call, so the tests can show a replay counts nothing and sends nothing.
 */
describe('replays (real PostgreSQL, NATS and Redis)', () => {
  const kit = MessagingTestKit.start('messaging-replays-test');
  const { send } = kit;
  /** Owners billing was asked to count a call for, and owners something was handed over to send for. */
  const counted: string[] = [];
  const handed: string[] = [];

  beforeAll(() => {
    for (const [subject, calls, answer] of [
      [USAGE_SUBJECTS.consume, counted, { used: 1 }],
      [INTEGRATIONS_SUBJECTS.enqueueDelivery, handed, { queued: true }],
    ] as const) {
      kit.nc.subscribe(`${kit.prefix}${subject}`, {
        queue: 'stand-in',
        callback: (_error, msg) => {
          const packet = codec.decode(msg.data) as { id: string; data: { actor?: { userId: string } } };
          calls.push(packet.data.actor?.userId ?? '');
          msg.respond(codec.encode({ id: packet.id, response: answer, isDisposed: true }));
        },
      });
    }
  });

  /** An owner whose AI does not answer on its own, with three customers who wrote about different things. */
  async function ownerWithCustomers(): Promise<string> {
    const owner = randomUUID();
    await send(MESSAGING_SUBJECTS.saveAiConfig, owner, {
      companyName: 'Olive & Thread',
      companyDescription: 'Handmade linen clothes, shipped from Valencia.',
      openingHours: 'Monday to Friday, 9:00 to 17:00',
      autoRespond: false,
    });
    await kit.ingest(owner, {
      platformUsername: 'ana',
      senderName: 'Ana',
      content: 'Can I return a shirt I bought?',
    });
    await kit.ingest(owner, { platformUsername: 'ben', senderName: 'Ben', content: 'When are you open?' });
    await kit.ingest(owner, { platformUsername: 'eva', senderName: 'Eva', content: 'Hello!' });
    return owner;
  }

  const returnsItem = (owner: string) =>
    send<KnowledgeItemResponse>(MESSAGING_SUBJECTS.createKnowledge, owner, {
      category: 'policies',
      title: 'Returns',
      content: 'Unused items can be returned within 30 days of delivery.',
      tags: ['return', 'refund'],
    });

  /** Starts a replay and waits until it has ended. */
  async function replayed(owner: string, body: object): Promise<ReplayResponse> {
    const { id } = await send<{ id: string }>(MESSAGING_SUBJECTS.createReplay, owner, body);
    return ended(owner, id);
  }

  /** The replay once it is done or failed. */
  async function ended(owner: string, id: string): Promise<ReplayResponse> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const replay = await send<ReplayResponse>(MESSAGING_SUBJECTS.getReplay, owner, { id });
      if (replay.status === 'done' || replay.status === 'failed') return replay;
      if (Date.now() > deadline) throw new Error(`replay ${id} still ${replay.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const about = (replay: ReplayResponse, words: string): ReplayResult => {
    const result = replay.results.find((r) => r.message.includes(words));
    if (!result) throw new Error(`no result for "${words}"`);
    return result;
  };

  /** Everything of the owner's that a replay must leave as it was, as stored. */
  async function stored(owner: string) {
    const read = async (table: string, order: string) =>
      (
        await kit.db.query(`select * from messaging_service.${table} where owner_id = $1 order by ${order}`, [
          owner,
        ])
      ).rows;
    return {
      messages: await read('messages', 'id'),
      customers: await read('customers', 'id'),
      knowledge: await read('knowledge_items', 'id'),
      config: await read('ai_configs', 'owner_id'),
      leads: await read('leads', 'id'),
    };
  }

  it('answers with a changed knowledge item: the message it is about changes, the others do not', async () => {
    const owner = await ownerWithCustomers();
    const item = await returnsItem(owner);
    await send<TestCaseResponse>(MESSAGING_SUBJECTS.saveTestCase, owner, {
      message: 'Do you accept returns?',
      expected: 'Within 14 days',
    });
    const before = await stored(owner);

    const replay = await replayed(owner, {
      draft: {
        kind: 'knowledge_update',
        itemId: item.id,
        changes: { content: 'Unused items can be returned within 14 days of delivery.' },
      },
    });

    expect(replay).toMatchObject({
      status: 'done',
      kind: 'knowledge_update',
      done: 4,
      total: 4,
      error: null,
    });
    expect(replay.results.map((r) => r.source)).toEqual([
      'conversation',
      'conversation',
      'conversation',
      'test_case',
    ]);
    const returns = about(replay, 'return a shirt');
    expect(returns.customerName).toBe('Ana');
    expect(returns.live.response).toContain('30 days');
    expect(returns.draft.response).toContain('14 days');
    expect(returns.differences).toContain('answer_changed');
    expect(about(replay, 'accept returns')).toMatchObject({
      source: 'test_case',
      expected: 'Within 14 days',
      differences: expect.arrayContaining(['answer_changed']),
    });
    for (const other of ['When are you open?', 'Hello!']) {
      const result = about(replay, other);
      expect({ other, differences: result.differences }).toEqual({ other, differences: [] });
      expect(result.draft).toEqual(result.live);
    }

    // Nothing counted, nothing sent, nothing stored but the replay.
    expect(counted.filter((o) => o === owner)).toEqual([]);
    expect(handed.filter((o) => o === owner)).toEqual([]);
    expect(await stored(owner)).toEqual(before);
    // The owner's tabs heard it run to the end.
    const progress = () =>
      kit.events
        .filter((e) => e.ownerId === owner && e.event.type === 'replay_progress')
        .map((e) => e.event.data as unknown as ReplayProgressData);
    await until(() => progress().some((p) => p.status === 'done'));
    expect(progress().at(-1)).toEqual({ replayId: replay.id, status: 'done', done: 4, total: 4 });
    expect(
      progress()
        .filter((p) => p.status === 'running')
        .map((p) => p.done),
    ).toContain(2);
  }, 40_000);

  it('marks an answer that now does not know when the item it needs is deleted', async () => {
    const owner = await ownerWithCustomers();
    const item = await returnsItem(owner);
    const replay = await replayed(owner, { draft: { kind: 'knowledge_delete', itemId: item.id } });
    const returns = about(replay, 'return a shirt');
    expect(returns.live.needsHuman).toBe(false);
    expect(returns.draft.needsHuman).toBe(true);
    expect(returns.differences).toEqual(expect.arrayContaining(['answer_changed', 'now_unknown']));
    expect(
      await kit.db.query('select 1 from messaging_service.knowledge_items where id = $1', [item.id]),
    ).toMatchObject({
      rowCount: 1,
    });
  }, 40_000);

  it('answers with a new item as if it were saved, and with draft opening hours', async () => {
    const owner = await ownerWithCustomers();
    const before = await stored(owner);
    const created = await replayed(owner, {
      draft: {
        kind: 'knowledge_create',
        knowledge: {
          category: 'policies',
          title: 'Returns',
          content: 'Unused items can be returned within 21 days of delivery.',
          tags: ['return'],
        },
      },
    });
    expect(about(created, 'return a shirt').draft.response).toContain('21 days');
    expect(about(created, 'return a shirt').live.response).not.toContain('21 days');

    const hours = await replayed(owner, {
      draft: {
        kind: 'ai_config',
        aiConfig: {
          companyName: 'Olive & Thread',
          companyDescription: 'Handmade linen clothes, shipped from Valencia.',
          openingHours: 'Every day, 8:00 to 20:00',
        },
      },
    });
    const open = about(hours, 'When are you open?');
    expect(open.live.response).toContain('9:00');
    expect(open.draft.response).toContain('8:00');
    expect(open.differences).toContain('answer_changed');
    expect(about(hours, 'return a shirt').differences).toEqual([]);
    expect(await stored(owner)).toEqual(before);
    expect(counted.filter((o) => o === owner)).toEqual([]);
  }, 40_000);

  it('hides the passages of a document the draft removes', async () => {
    const owner = await ownerWithCustomers();
    const documentId = randomUUID();
    await kit.db.query(
      `insert into messaging_service.training_documents (id, owner_id, original_name, file_type, file_size, status)
       values ($1, $2, 'policies.txt', 'txt', 10, 'completed')`,
      [documentId, owner],
    );
    await kit.db.query(
      `insert into messaging_service.knowledge_items (id, owner_id, category, title, content, source_document_id, passage_index)
       values ($1, $2, 'policies', 'policies.txt', 'Returns: unused items can be returned within 30 days.', $3, 0)`,
      [randomUUID(), owner, documentId],
    );
    const replay = await replayed(owner, { draft: { kind: 'document_remove', documentId } });
    const returns = about(replay, 'return a shirt');
    expect(returns.live.response).toContain('30 days');
    expect(returns.draft.response).not.toContain('30 days');
  }, 40_000);

  it('finishes at once with no results for an owner with no customer messages and no test cases', async () => {
    const owner = await kit.quietOwner();
    const replay = await replayed(owner, {
      draft: { kind: 'ai_config', aiConfig: { companyName: 'Olive', companyDescription: 'Linen.' } },
    });
    expect(replay).toMatchObject({ status: 'done', done: 0, total: 0, results: [] });
  });

  it('refuses a bad draft naming the field, and another owner’s replay, item or document as not found', async () => {
    const owner = await ownerWithCustomers();
    const item = await returnsItem(owner);
    for (const [draft, field] of [
      [{ kind: 'rewrite' }, 'draft.kind'],
      [{ kind: 'knowledge_update', itemId: item.id, changes: { title: '' } }, 'draft.changes.title'],
      [{ kind: 'knowledge_delete', itemId: 'not-an-id' }, 'draft.itemId'],
      [{ kind: 'ai_config', aiConfig: { companyName: 'Olive' } }, 'draft.aiConfig.companyDescription'],
      ['knowledge', 'draft'],
    ] as const) {
      await expect(send(MESSAGING_SUBJECTS.createReplay, owner, { draft })).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        details: { field },
      });
    }
    await expect(
      send(MESSAGING_SUBJECTS.createReplay, owner, {
        draft: { kind: 'knowledge_delete', itemId: item.id },
        limit: 0,
      }),
    ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed, details: { field: 'limit' } });

    // One at a time per owner: a second while the first runs is refused.
    const draft = { kind: 'knowledge_delete', itemId: item.id };
    const both = await Promise.allSettled([
      send<{ id: string }>(MESSAGING_SUBJECTS.createReplay, owner, { draft }),
      send<{ id: string }>(MESSAGING_SUBJECTS.createReplay, owner, { draft }),
    ]);
    expect(both.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    expect(both.find((answer) => answer.status === 'rejected')).toMatchObject({
      reason: { code: ErrorCode.Conflict },
    });
    const running = both.find((answer) => answer.status === 'fulfilled');
    await ended(owner, (running as PromiseFulfilledResult<{ id: string }>).value.id);

    const replay = await replayed(owner, { draft, limit: 1 });
    expect(replay.total).toBe(1);
    const other = randomUUID();
    await expect(send(MESSAGING_SUBJECTS.getReplay, other, { id: replay.id })).rejects.toMatchObject({
      code: ErrorCode.NotFound,
    });
    for (const draft of [
      { kind: 'knowledge_delete', itemId: item.id },
      { kind: 'document_remove', documentId: randomUUID() },
    ]) {
      await expect(send(MESSAGING_SUBJECTS.createReplay, other, { draft })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
      });
    }
    const { rows } = await kit.db.query(
      'select count(*)::int as n from messaging_service.replays where owner_id = $1',
      [other],
    );
    expect(rows[0].n).toBe(0);
  }, 40_000);

  it('keeps a replay for seven days, then forgets it', async () => {
    const owner = await kit.quietOwner();
    const draft = { kind: 'ai_config', aiConfig: { companyName: 'Olive', companyDescription: 'Linen.' } };
    const old = await replayed(owner, { draft });
    await kit.db.query(
      `update messaging_service.replays set created_at = now() - interval '6 days 23 hours' where id = $1`,
      [old.id],
    );
    expect(await send<ReplayResponse>(MESSAGING_SUBJECTS.getReplay, owner, { id: old.id })).toMatchObject({
      id: old.id,
    });
    await kit.db.query(
      `update messaging_service.replays set created_at = now() - interval '7 days 1 minute' where id = $1`,
      [old.id],
    );
    await expect(send(MESSAGING_SUBJECTS.getReplay, owner, { id: old.id })).rejects.toMatchObject({
      code: ErrorCode.NotFound,
    });
    // The next replay (any owner's) sweeps it away.
    await replayed(randomUUID(), { draft });
    const { rowCount } = await kit.db.query('select 1 from messaging_service.replays where id = $1', [
      old.id,
    ]);
    expect(rowCount).toBe(0);
  }, 40_000);

  it('saves, lists and deletes test cases, each owner their own', async () => {
    const owner = randomUUID();
    const saved = await send<TestCaseResponse>(MESSAGING_SUBJECTS.saveTestCase, owner, {
      message: '  Do you ship to Lisbon?  ',
    });
    expect(saved).toMatchObject({ message: 'Do you ship to Lisbon?', expected: null });
    expect(await send(MESSAGING_SUBJECTS.listTestCases, owner, {})).toEqual([saved]);
    expect(await send(MESSAGING_SUBJECTS.listTestCases, randomUUID(), {})).toEqual([]);
    await expect(
      send(MESSAGING_SUBJECTS.deleteTestCase, randomUUID(), { id: saved.id }),
    ).rejects.toMatchObject({
      code: ErrorCode.NotFound,
    });
    await expect(send(MESSAGING_SUBJECTS.saveTestCase, owner, { message: ' ' })).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
      details: { field: 'message' },
    });
    expect(await send(MESSAGING_SUBJECTS.deleteTestCase, owner, { id: saved.id })).toEqual({ id: saved.id });
    expect(await send(MESSAGING_SUBJECTS.listTestCases, owner, {})).toEqual([]);
  });
});
