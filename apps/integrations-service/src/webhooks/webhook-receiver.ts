import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { DomainException, ErrorCode } from '@parley/contracts';
import { Batcher, checkWithin } from '@parley/server-kit';
import type { ChannelAdapter } from '../channels/channel-adapter';
import { ChannelRegistry } from '../channels/channel-registry';
import { WebhookQueue } from './webhook-queue';
import { WebhooksQueries } from './webhooks.queries';

/**
 * How long the acknowledgement waits for Redis to take the job. Providers retry an endpoint that is slow
 * to answer; an event whose job is not queued by then is stored already, and the reconciler queues it.
 */
const QUEUE_WAIT_MS = 1000;

/**
 * A channel's side of the webhook, whichever channel `source` names: its verification challenge, and each
 * signed POST checked, stored with its source, then queued before it is acknowledged. Nothing but the
 * signature check, reading the body, one insert and one queue add runs before the answer (both shared with
 * the other requests of that moment under load); a body of nothing but Parley's own echoes is acknowledged
 * without either.
 */
@Injectable()
export class WebhookReceiver {
  private readonly logger = new Logger(WebhookReceiver.name);

  constructor(
    private readonly channels: ChannelRegistry,
    private readonly queries: WebhooksQueries,
    private readonly queue: WebhookQueue,
  ) {}

  private readonly inserts = new Batcher<{ id: string; source: string; body: string }, void>(
    async (events) => {
      await this.queries.insertEvents(events);
      return events.map(() => undefined);
    },
  );

  /** GET /api/webhooks/{source}: the channel's verification challenge, answered as the channel says. */
  verify(source: string, query: unknown): unknown {
    return this.channel(source).verifyWebhook(query);
  }

  /**
   * POST /api/webhooks/{source}: the signature over the raw body (401 missing, 403 wrong, nothing stored),
   * then JSON (400), then stored and queued. If Redis does not take the job the event is still stored and
   * acknowledged: the reconciler queues it later.
   */
  async receive(source: string, delivery: unknown): Promise<{ accepted: true }> {
    const channel = this.channel(source);
    const { body, signature } = (delivery ?? {}) as Record<string, unknown>;
    if (typeof body !== 'string')
      throw new DomainException(ErrorCode.ValidationFailed, 'The webhook body is missing');
    channel.checkSignature(body, typeof signature === 'string' ? signature : undefined);
    const parsed = jsonObject(body);
    if (parsed === undefined)
      throw new DomainException(ErrorCode.ValidationFailed, 'The webhook body is not a JSON object');
    if (onlyOwnEchoes(channel, parsed)) return { accepted: true };
    const id = randomUUID();
    await this.inserts.call({ id, source: channel.source, body });
    const queued = await checkWithin(QUEUE_WAIT_MS, () => this.queue.queueEvent(id));
    if (!queued)
      this.logger.warn(`webhook event ${id} is stored but not queued yet; the reconciler will queue it`);
    return { accepted: true };
  }

  private channel(source: string): ChannelAdapter {
    const channel = this.channels.forSource(source);
    if (channel === undefined)
      throw new DomainException(ErrorCode.NotFound, `No channel has webhooks at "${source}"`);
    return channel;
  }
}

function jsonObject(text: string): object | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the body holds nothing but echoes of Parley's own sends (the provider names our app on them): the
 * processor would skip each, so it is acknowledged without being stored or queued. Messenger posts one such
 * echo for every message Parley sends, a quarter of a busy page's webhooks (performance.md, "Deliveries").
 * A body the adapter cannot read is stored as before.
 */
function onlyOwnEchoes(channel: ChannelAdapter, body: object): boolean {
  try {
    const events = channel.normalise(body);
    return events.length > 0 && events.every((event) => event.kind === 'echo' && channel.isOwnEcho(event));
  } catch {
    return false;
  }
}
