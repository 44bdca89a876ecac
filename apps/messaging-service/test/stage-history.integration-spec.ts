import { randomUUID } from 'node:crypto';
import {
  type AiConfigResponse,
  type CustomerResponse,
  ErrorCode,
  MESSAGING_SUBJECTS,
  type StageChangeResponse,
  type StageSuggestionResponse,
  USAGE_SUBJECTS,
} from '@parley/contracts';
import { JSONCodec } from 'nats';
import { RepliesQueries } from '../src/replies/replies.queries';
import { POTENTIAL_RANK, stageMoves } from '../src/replies/reply-rules';
import { MessagingTestKit } from './messaging-test-kit';

/**
 * Who moved a customer and why (issue 34, point 7) on messaging-service alone, real PostgreSQL, NATS and Redis:
 * the AI's moves with the customer's words, a person's moves with their user id, undo, and the suggestions of an
 * owner whose AI only suggests.
 */
describe('stage history', () => {
  const kit = MessagingTestKit.start('messaging-stage-history-test');
  const { send, ingest, quietOwner } = kit;

  const history = (owner: string, customerId: string) =>
    send<StageChangeResponse[]>(MESSAGING_SUBJECTS.stageHistory, owner, { customerId });
  const suggestions = (owner: string) =>
    send<StageSuggestionResponse[]>(MESSAGING_SUBJECTS.listStageSuggestions, owner, {});
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: { code: ErrorCode; message: string }) => ({ code: error.code, message: error.message }),
    );

  /** The AI's reply to the customer's message, stored as the reply job stores it, with its evidence. */
  async function aiReplies(owner: string, content: string, potential: 'medium' | 'high', movesStage = true) {
    const { messageId, customerId } = await ingest(owner, {
      platformUsername: `c${randomUUID().slice(0, 8)}`,
      content,
    });
    await kit.messaging.app.get(RepliesQueries).store(
      [
        {
          messageId,
          replyId: randomUUID(),
          content: 'Happy to help!',
          metadata: {},
          needsHuman: false,
          interest: 'purchase intent',
          potential: POTENTIAL_RANK[potential],
          opensLead: false,
          status: 'sent',
          movesStage,
          evidence: { messageId, quote: content, intent: 'purchase_intent', leadPotential: potential },
        },
      ],
      stageMoves(),
    );
    return { messageId, customerId };
  }

  it("records the AI's move with the customer's words and its reading, and a person's move as theirs", async () => {
    const owner = await quietOwner();
    const { messageId, customerId } = await aiReplies(owner, 'I want two of the linen shirts', 'high');

    const [moved, added] = await history(owner, customerId);
    expect(added).toMatchObject({ from: null, to: 'new', by: null, evidence: null, undoable: false });
    expect(moved).toMatchObject({
      from: 'new',
      to: 'qualified',
      by: 'ai',
      userId: null,
      evidence: {
        messageId,
        quote: 'I want two of the linen shirts',
        intent: 'purchase_intent',
        leadPotential: 'high',
      },
      undoneAt: null,
      undoable: true,
    });

    await send(MESSAGING_SUBJECTS.updateCustomer, owner, { id: customerId, changes: { stage: 'converted' } });
    const [byPerson, ai] = await history(owner, customerId);
    expect(byPerson).toMatchObject({
      from: 'qualified',
      to: 'converted',
      by: 'person',
      userId: owner,
      evidence: null,
    });
    /** Undoing the AI's move is refused, and the customer stays at `stage`. */
    const undoRefused = async (stage: string) => {
      expect(
        await failure(send(MESSAGING_SUBJECTS.undoStageChange, owner, { customerId, changeId: ai.id })),
      ).toEqual({
        code: ErrorCode.Conflict,
        message: 'The customer has moved since; the stage move was not undone.',
      });
      expect(
        (await send<CustomerResponse>(MESSAGING_SUBJECTS.getCustomer, owner, { id: customerId })).stage,
      ).toBe(stage);
    };
    // Moved since: the AI's move is no longer offered for undo, and refused if asked.
    expect(ai.undoable).toBe(false);
    await undoRefused('converted');

    // Moved back where the AI put them: the AI's move is still history, not the latest change; not undone.
    await send(MESSAGING_SUBJECTS.updateCustomer, owner, { id: customerId, changes: { stage: 'qualified' } });
    expect((await history(owner, customerId)).find((c) => c.id === ai.id)?.undoable).toBe(false);
    await undoRefused('qualified');
  });

  it("undoes the AI's move once, as a person's move back, and tells the owner's tabs", async () => {
    const owner = await quietOwner();
    const { customerId } = await aiReplies(owner, 'How much for ten?', 'medium');
    const [move] = await history(owner, customerId);
    expect(move).toMatchObject({ from: 'new', to: 'interested', by: 'ai', undoable: true });

    const undone = await send<CustomerResponse>(MESSAGING_SUBJECTS.undoStageChange, owner, {
      customerId,
      changeId: move.id,
    });
    expect(undone.stage).toBe('new');
    const [back, original] = await history(owner, customerId);
    expect(back).toMatchObject({
      from: 'interested',
      to: 'new',
      by: 'person',
      userId: owner,
      undoable: false,
    });
    expect(original).toMatchObject({ id: move.id, undoable: false });
    expect(original.undoneAt).not.toBeNull();
    expect(kit.events).toContainEqual(
      expect.objectContaining({
        ownerId: owner,
        event: expect.objectContaining({ type: 'customer_updated' }),
      }),
    );

    expect(
      await failure(send(MESSAGING_SUBJECTS.undoStageChange, owner, { customerId, changeId: move.id })),
    ).toEqual({ code: ErrorCode.Conflict, message: 'This stage move was already undone.' });
    expect(
      await failure(send(MESSAGING_SUBJECTS.undoStageChange, owner, { customerId, changeId: back.id })),
    ).toEqual({ code: ErrorCode.Conflict, message: "Only the AI's stage moves can be undone." });
  });

  it("is another owner's business: their customer's history and changes are not found", async () => {
    const owner = await quietOwner();
    const other = await quietOwner();
    const { customerId } = await aiReplies(owner, 'I want to order', 'high');
    const [move] = await history(owner, customerId);

    for (const attempt of [
      history(other, customerId),
      send(MESSAGING_SUBJECTS.undoStageChange, other, { customerId, changeId: move.id }),
      send(MESSAGING_SUBJECTS.undoStageChange, owner, { customerId, changeId: 'not-a-number' }),
      send(MESSAGING_SUBJECTS.acceptStageSuggestion, other, { customerId }),
      history(owner, 'not-a-uuid'),
    ]) {
      expect((await failure(attempt)).code).toBe(ErrorCode.NotFound);
    }
    expect(
      (await send<CustomerResponse>(MESSAGING_SUBJECTS.getCustomer, owner, { id: customerId })).stage,
    ).toBe('qualified');
  });

  describe('an owner whose AI only suggests', () => {
    it('keeps the stage and suggests the move with its evidence; accepting moves the customer as a person', async () => {
      const owner = await quietOwner();
      const { customerId, messageId } = await aiReplies(owner, 'I will take three', 'high', false);
      expect(
        (await send<CustomerResponse>(MESSAGING_SUBJECTS.getCustomer, owner, { id: customerId })).stage,
      ).toBe('new');
      expect(await suggestions(owner)).toEqual([
        expect.objectContaining({
          customerId,
          from: 'new',
          stage: 'qualified',
          evidence: {
            messageId,
            quote: 'I will take three',
            intent: 'purchase_intent',
            leadPotential: 'high',
          },
        }),
      ]);

      const accepted = await send<CustomerResponse>(MESSAGING_SUBJECTS.acceptStageSuggestion, owner, {
        customerId,
      });
      expect(accepted.stage).toBe('qualified');
      const [move] = await history(owner, customerId);
      expect(move).toMatchObject({
        to: 'qualified',
        by: 'person',
        userId: owner,
        evidence: { quote: 'I will take three' },
        undoable: false,
      });
      expect(await suggestions(owner)).toEqual([]);
    });

    it('drops a dismissed suggestion, and one a person answered by moving the customer', async () => {
      const owner = await quietOwner();
      const first = await aiReplies(owner, 'Do you have it in blue?', 'medium', false);
      const second = await aiReplies(owner, 'I want to buy it', 'high', false);
      expect((await suggestions(owner)).map((s) => s.customerId).sort()).toEqual(
        [first.customerId, second.customerId].sort(),
      );

      await send(MESSAGING_SUBJECTS.dismissStageSuggestion, owner, { customerId: first.customerId });
      await send(MESSAGING_SUBJECTS.updateCustomer, owner, {
        id: second.customerId,
        changes: { stage: 'follow-up' },
      });
      expect(await suggestions(owner)).toEqual([]);
      expect(
        (
          await failure(
            send(MESSAGING_SUBJECTS.dismissStageSuggestion, owner, { customerId: first.customerId }),
          )
        ).code,
      ).toBe(ErrorCode.NotFound);
    });

    it('is what the AI configuration says, through the reply job', async () => {
      const owner = randomUUID();
      await send<AiConfigResponse>(MESSAGING_SUBJECTS.saveAiConfig, owner, {
        companyName: 'Olive & Thread',
        companyDescription: 'Linen clothes.',
        responseDelay: 0,
        stageMode: 'suggest',
      });
      // billing-service's stand-in: every call is counted.
      kit.nc.subscribe(`${kit.prefix}${USAGE_SUBJECTS.consume}`, {
        callback: (_error, msg) => {
          const packet = JSONCodec<{ id: string }>().decode(msg.data);
          msg.respond(JSONCodec().encode({ id: packet.id, response: { used: 1 }, isDisposed: true }));
        },
      });
      expect((await send<AiConfigResponse>(MESSAGING_SUBJECTS.getAiConfig, owner, {})).stageMode).toBe(
        'suggest',
      );
      await kit.replyTo(owner, 'I want to buy two linen shirts, how do I order?');
      const [suggestion] = await suggestions(owner);
      expect(suggestion).toMatchObject({ from: 'new', stage: 'qualified' });
      expect(suggestion.evidence.quote.length).toBeGreaterThan(0);
      expect(
        (await send<CustomerResponse>(MESSAGING_SUBJECTS.getCustomer, owner, { id: suggestion.customerId }))
          .stage,
      ).toBe('new');
    });
  });
});
