import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { DomainException, ErrorCode } from '@parley/contracts';
import { Batcher, checkWithin } from '@parley/server-kit';
import { IntegrationsConfig } from '../config/integrations.config';
import { checkMetaSignature, isVerifyToken } from './meta-signature';
import { WebhookQueue } from './webhook-queue';
import { WebhooksQueries } from './webhooks.queries';

/** Meta's challenge is a number; anything longer than this is not Meta's. */
const CHALLENGE_MAX = 200;

/**
 * How long the acknowledgement waits for Redis to take the job. Meta retries an endpoint that is slow to
 * answer; an event whose job is not queued by then is stored already, and the reconciler queues it.
 */
const QUEUE_WAIT_MS = 1000;

/**
 * Meta's side of the webhook: the verification challenge, and each signed POST checked, stored, then
 * queued before it is acknowledged. Nothing but the signature check, one insert and one queue add runs
 * before the answer (both shared with the other requests of that moment under load).
 */
@Injectable()
export class WebhookReceiver {
  private readonly logger = new Logger(WebhookReceiver.name);

  constructor(
    private readonly config: IntegrationsConfig,
    private readonly queries: WebhooksQueries,
    private readonly queue: WebhookQueue,
  ) {}

  private readonly inserts = new Batcher<{ id: string; body: string }, void>(async (events) => {
    await this.queries.insertEvents(events);
    return events.map(() => undefined);
  });

  /** GET /api/webhooks/meta: `hub.mode=subscribe` with our verify token → the challenge, as it came. */
  verify(query: unknown): { challenge: string } {
    const { mode, token, challenge } = (query ?? {}) as Record<string, unknown>;
    if (mode !== 'subscribe' || !isVerifyToken(this.config.META_VERIFY_TOKEN, stringOf(token)))
      throw new DomainException(ErrorCode.Forbidden, 'The verify token does not match');
    if (typeof challenge !== 'string' || challenge === '' || challenge.length > CHALLENGE_MAX)
      throw new DomainException(ErrorCode.ValidationFailed, 'hub.challenge is missing or too long');
    return { challenge };
  }

  /**
   * POST /api/webhooks/meta: the signature over the raw body (401 missing, 403 wrong, nothing stored),
   * then JSON (400), then stored and queued. If Redis does not take the job the event is still stored and
   * acknowledged: the reconciler queues it later.
   */
  async receive(delivery: unknown): Promise<{ accepted: true }> {
    const { body, signature } = (delivery ?? {}) as Record<string, unknown>;
    if (typeof body !== 'string')
      throw new DomainException(ErrorCode.ValidationFailed, 'The webhook body is missing');
    checkMetaSignature(this.config.META_APP_SECRET, body, stringOf(signature));
    if (!isJsonObject(body))
      throw new DomainException(ErrorCode.ValidationFailed, 'The webhook body is not a JSON object');
    const id = randomUUID();
    await this.inserts.call({ id, body });
    const queued = await checkWithin(QUEUE_WAIT_MS, () => this.queue.queueEvent(id));
    if (!queued)
      this.logger.warn(`webhook event ${id} is stored but not queued yet; the reconciler will queue it`);
    return { accepted: true };
  }
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
