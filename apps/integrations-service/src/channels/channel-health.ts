import { Injectable, Logger } from '@nestjs/common';
import {
  AUTH_SUBJECTS,
  type ChannelDegradedData,
  type ChannelHealthMailData,
  type ChannelHealthProblem,
  type ChannelPlatform,
  PLATFORM_NAMES,
  workspaceActor,
} from '@parley/contracts';
import { Batcher, OwnerEvents, ServiceClient } from '@parley/server-kit';
import {
  ChannelHealthQueries,
  foldSends,
  type SendOutcomes,
  TOUCH_EVERY_SECONDS,
} from './channel-health.queries';

/** One send that ended: went out, or failed for good with the reason the owner reads. */
export interface SendEnded {
  ownerId: string;
  platform: ChannelPlatform;
  pageId: string;
  ok: boolean;
  error: string | null;
}

const PROBLEM_WORDS: Record<ChannelHealthProblem, string> = {
  token_refused: "its provider no longer accepts Parley's access",
  subscription_missing: 'its provider no longer sends its messages to Parley',
  send_failures: 'messages to it keep failing',
};

/**
 * Where a channel's health moves (docs/channels.md, "Health"): webhooks in and sends out are recorded as
 * they happen (batched with the other jobs of the moment), and after anything that may change it the
 * integration's degraded episode is started or ended (ChannelHealthQueries.turn). The owner is told when
 * one starts, once: a popup on their open tabs (`channel_degraded`) and a mail (auth-service); its end
 * refreshes their lists.
 */
@Injectable()
export class ChannelHealth {
  private readonly logger = new Logger(ChannelHealth.name);
  /** When this replica last wrote each page's webhook time: the write is skipped in between. */
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly queries: ChannelHealthQueries,
    private readonly events: OwnerEvents,
    private readonly bus: ServiceClient,
  ) {}

  private readonly webhooks = new Batcher<{ platform: ChannelPlatform; pageId: string }, void>(
    async (pages) => {
      await this.queries.webhooksSeen(pages);
      return pages.map(() => undefined);
    },
  );

  private readonly sends = new Batcher<SendEnded, void>(async (ended) => {
    const changed = await this.queries.sends(foldByPage(ended));
    const seen = new Set<string>();
    for (const { ownerId, platform } of changed) {
      const key = `${ownerId}:${platform}`;
      if (seen.has(key)) continue;
      seen.add(key);
      await this.evaluate(ownerId, platform);
    }
    return ended.map(() => undefined);
  });

  /** A webhook for the page arrived. Never fails its caller (the message matters more than the time). */
  async webhookSeen(platform: ChannelPlatform, pageId: string): Promise<void> {
    const key = `${platform}:${pageId}`;
    const now = Date.now();
    if (now - (this.touched.get(key) ?? 0) < TOUCH_EVERY_SECONDS * 1000) return;
    this.touched.set(key, now);
    if (this.touched.size > 10_000) this.touched.clear();
    await this.webhooks
      .call({ platform, pageId })
      .catch((error: unknown) => this.logger.warn(`webhook time not recorded: ${String(error)}`));
  }

  /** A send ended; after the fifth failure in a row the channel is degraded. Never fails its caller. */
  async sendEnded(send: SendEnded): Promise<void> {
    await this.sends
      .call(send)
      .catch((error: unknown) => this.logger.warn(`send outcome not recorded: ${String(error)}`));
  }

  /**
   * Starts or ends the integration's degraded episode if its pages say so now; the owner is told of a
   * start once (whichever replica saw it).
   */
  async evaluate(ownerId: string, platform: ChannelPlatform): Promise<void> {
    const turn = await this.queries.turn(ownerId, platform);
    if (turn === undefined) return;
    const name = PLATFORM_NAMES[platform];
    if (!turn.degraded) {
      this.logger.log(`${platform} of ${ownerId} is healthy again`);
      this.events.emit(ownerId, {
        type: 'integration_changed',
        message: `${name} works again.`,
        data: { platform },
      });
      return;
    }
    this.logger.warn(`${platform} of ${ownerId} is degraded: ${turn.problems.join(', ')}`);
    const data: ChannelDegradedData = { platform, problems: turn.problems };
    this.events.emit(ownerId, {
      type: 'channel_degraded',
      message: `${name} needs your attention: ${turn.problems.map((p) => PROBLEM_WORDS[p]).join('; ')}.`,
      data: { ...data },
    });
    const mail: ChannelHealthMailData = {
      platform,
      problems: turn.problems,
      ...(turn.detail === null ? {} : { detail: turn.detail }),
    };
    this.bus
      .send(AUTH_SUBJECTS.sendChannelHealth, mail, { actor: workspaceActor(ownerId) })
      .catch((error: unknown) =>
        this.logger.warn(`channel health mail to ${ownerId} failed: ${String(error)}`),
      );
  }
}

/** The batch's sends, one entry per page, in the order they ended. */
function foldByPage(ended: readonly SendEnded[]): SendOutcomes[] {
  const byPage = new Map<string, SendEnded[]>();
  for (const send of ended) {
    const key = `${send.ownerId}:${send.platform}:${send.pageId}`;
    byPage.set(key, [...(byPage.get(key) ?? []), send]);
  }
  return [...byPage.values()].map((sends) => ({
    ownerId: sends[0].ownerId,
    platform: sends[0].platform,
    pageId: sends[0].pageId,
    ...foldSends(sends),
  }));
}
