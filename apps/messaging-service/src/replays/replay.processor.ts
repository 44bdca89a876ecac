import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { ReplayProgressData, ReplayResult } from '@parley/contracts';
import { mapAtMost, OwnerEvents } from '@parley/server-kit';
import type { Job } from 'bull';
import { AgentAnswers, type AnswerInput } from '../agent/agent-answers';
import type { GuardedReply } from '@parley/agent';
import { AiConfigQueries } from '../ai-config/ai-config.queries';
import { type DraftAnswering, ReplayDrafts } from './replay-draft';
import { replayAnswer, replayDifferences } from './replay-differences';
import { type ReplayJob, ReplayQueue } from './replay.queue';
import { ReplaysQueries } from './replays.queries';
import { TestCasesQueries } from './test-cases.queries';

/** Replays one replica runs at once. */
const REPLAYS_AT_ONCE = 1;
/** Messages of one replay answered at once (each twice: live and draft). */
const MESSAGES_AT_ONCE = 4;

/** One message to answer again: a customer's or a saved test case. */
interface Sample {
  source: ReplayResult['source'];
  input: AnswerInput;
  expected: string | null;
}

/**
 * Runs a replay (docs/agent.md, "Replay"): the owner's latest customer messages and saved test cases, each answered
 * by the agent as it is live and as it would be with the draft (AgentAnswers, the one answer path), compared, and
 * stored on the replay. Nothing is counted with billing (the call is taken as counted) and nothing is stored as a
 * message or sent: the answers live only in the replay's results. The owner's tabs hear its progress over /ws.
 */
@Injectable()
export class ReplayProcessor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ReplayProcessor.name);

  constructor(
    private readonly replays: ReplayQueue,
    private readonly queries: ReplaysQueries,
    private readonly testCases: TestCasesQueries,
    private readonly aiConfig: AiConfigQueries,
    private readonly drafts: ReplayDrafts,
    private readonly answers: AgentAnswers,
    private readonly events: OwnerEvents,
  ) {}

  onModuleInit(): void {
    void this.replays.queue.process(REPLAYS_AT_ONCE, (job: Job<ReplayJob>) =>
      this.handle(job.data.replayId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1)),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.replays.queue.close();
  }

  /** One run; `lastAttempt` says whether an error ends the replay as failed instead of a retry. */
  async handle(replayId: string, lastAttempt: boolean): Promise<void> {
    const replay = await this.queries.start(replayId);
    if (!replay) return; // expired, or ended by an earlier run
    const ownerId = replay.owner_id;
    try {
      const live = await this.aiConfig.row(ownerId);
      const draft = await this.drafts.answering(ownerId, replay.draft, live);
      const samples = await this.samples(ownerId, replay.message_limit);
      await this.queries.progress(replayId, 0, samples.length);
      this.announce(ownerId, { replayId, status: 'running', done: 0, total: samples.length });
      let answered = 0;
      const results = await mapAtMost(samples, MESSAGES_AT_ONCE, async (sample) => {
        const result = await this.compare(ownerId, sample, { config: live }, draft);
        const done = ++answered;
        this.announce(ownerId, { replayId, status: 'running', done, total: samples.length });
        await this.queries.progress(replayId, done, samples.length);
        return result;
      });
      await this.queries.finish(replayId, results);
      this.announce(ownerId, { replayId, status: 'done', done: samples.length, total: samples.length });
    } catch (error) {
      if (!lastAttempt) throw error;
      this.logger.error(`Replay ${replayId} failed: ${String(error)}`);
      await this.queries.fail(replayId, 'The replay could not be completed. Please try again.');
      this.announce(ownerId, { replayId, status: 'failed', done: 0, total: 0 });
    }
  }

  /** The owner's latest customer messages, newest first, then their saved test cases. */
  private async samples(ownerId: string, limit: number): Promise<Sample[]> {
    const [messages, cases] = await Promise.all([
      this.queries.latestCustomerMessages(ownerId, limit),
      this.testCases.list(ownerId),
    ]);
    return [
      ...messages.map((m): Sample => ({
        source: 'conversation',
        input: {
          message: m.content,
          customer: { name: m.customer_name, platform: m.platform },
          history: m.history,
        },
        expected: null,
      })),
      ...cases.map((c): Sample => ({
        source: 'test_case',
        input: { message: c.message, customer: { name: null, platform: 'test' }, history: [] },
        expected: c.expected,
      })),
    ];
  }

  private async compare(
    ownerId: string,
    { source, input, expected }: Sample,
    live: DraftAnswering,
    draft: DraftAnswering,
  ): Promise<ReplayResult> {
    const [liveReply, draftReply] = await Promise.all([
      this.answer(ownerId, input, live),
      this.answer(ownerId, input, draft),
    ]);
    return {
      source,
      message: input.message,
      customerName: source === 'conversation' ? input.customer.name : null,
      expected,
      live: replayAnswer(liveReply),
      draft: replayAnswer(draftReply),
      differences: replayDifferences(liveReply, draftReply),
    };
  }

  /** The agent's answer, with the call taken as counted: a replay uses none of the plan's calls. */
  private async answer(
    ownerId: string,
    input: AnswerInput,
    { config, knowledge }: DraftAnswering,
  ): Promise<GuardedReply> {
    const reply = await this.answers.answer(ownerId, config, input, Promise.resolve(true), knowledge);
    if (!reply) throw new Error('an answer taken as counted always comes');
    return reply;
  }

  private announce(ownerId: string, data: ReplayProgressData): void {
    this.events.emit(ownerId, { type: 'replay_progress', message: '', data: { ...data } });
  }
}
