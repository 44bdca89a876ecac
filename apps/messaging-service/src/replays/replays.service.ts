import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type CreateReplayDto,
  DomainException,
  ErrorCode,
  REPLAY_LIMIT,
  type ReplayResponse,
  type SaveTestCaseDto,
  TEST_CASE_LIMIT,
  type TestCaseResponse,
} from '@parley/contracts';
import { isoTime } from '@parley/server-kit';
import { AiConfigQueries } from '../ai-config/ai-config.queries';
import { requireUuid } from '../shared/uuid';
import { ReplayDrafts } from './replay-draft';
import { ReplayQueue } from './replay.queue';
import { type ReplayRow, ReplaysQueries } from './replays.queries';
import { TestCasesQueries } from './test-cases.queries';

export const REPLAY_RUNNING = 'A test of a change is already running. Wait for it to finish, then try again.';

function toReplayResponse(row: ReplayRow): ReplayResponse {
  return {
    id: row.id,
    kind: row.draft.kind,
    status: row.status,
    done: row.done,
    total: row.total,
    error: row.error,
    createdAt: isoTime(row.created_at),
    expiresAt: isoTime(row.expires_at),
    results: row.results,
  };
}

/**
 * Replays before publishing (docs/agent.md, "Replay") and the saved test-chat cases they answer besides the
 * customers' messages. A draft naming a knowledge item or document the owner does not have is not found at once.
 */
@Injectable()
export class ReplaysService {
  constructor(
    private readonly replays: ReplaysQueries,
    private readonly testCases: TestCasesQueries,
    private readonly aiConfig: AiConfigQueries,
    private readonly drafts: ReplayDrafts,
    private readonly queue: ReplayQueue,
  ) {}

  /** One replay of an owner at a time: each answers up to a few hundred messages on the service's CPU. */
  async create(ownerId: string, dto: CreateReplayDto): Promise<{ id: string }> {
    await this.drafts.answering(ownerId, dto.draft, await this.aiConfig.row(ownerId));
    const id = randomUUID();
    if (!(await this.replays.create(id, ownerId, dto.draft, dto.limit ?? REPLAY_LIMIT.default)))
      throw new DomainException(ErrorCode.Conflict, REPLAY_RUNNING);
    await this.queue.schedule(id, ownerId);
    return { id };
  }

  async get(ownerId: string, id: string): Promise<ReplayResponse> {
    const row = await this.replays.find(ownerId, requireUuid(id, 'Replay'));
    if (!row) throw new DomainException(ErrorCode.NotFound, 'Replay not found');
    return toReplayResponse(row);
  }

  listTestCases(ownerId: string): Promise<TestCaseResponse[]> {
    return this.testCases.list(ownerId);
  }

  async saveTestCase(ownerId: string, dto: SaveTestCaseDto): Promise<TestCaseResponse> {
    const saved = await this.testCases.insert(randomUUID(), ownerId, dto.message, dto.expected ?? null);
    if (!saved)
      throw new DomainException(
        ErrorCode.Conflict,
        `You can keep at most ${TEST_CASE_LIMIT} test cases. Delete one first.`,
      );
    return saved;
  }

  async deleteTestCase(ownerId: string, id: string): Promise<{ id: string }> {
    if (!(await this.testCases.delete(ownerId, requireUuid(id, 'Test case'))))
      throw new DomainException(ErrorCode.NotFound, 'Test case not found');
    return { id };
  }
}
