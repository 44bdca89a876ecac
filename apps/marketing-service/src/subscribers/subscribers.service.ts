import { Injectable } from '@nestjs/common';
import {
  DomainException,
  type EmailUnsubscribeRequest,
  ErrorCode,
  type ListEmailQueryDto,
  type SubscriberDto,
  type SubscriberResponse,
  type UpdateSubscriberDto,
} from '@parley/contracts';
import { decodeCursor, type Page, requireUuid } from '@parley/server-kit';
import { EMAIL_TAKEN, SubscribersQueries } from './subscribers.queries';

const NOT_FOUND = 'Subscriber not found';

/** An owner's subscribers: one per address, case-insensitively (addresses are stored lower-cased). */
@Injectable()
export class SubscribersService {
  constructor(private readonly queries: SubscribersQueries) {}

  list(ownerId: string, query: ListEmailQueryDto): Promise<Page<SubscriberResponse>> {
    return this.queries.page(ownerId, query.limit, decodeCursor(query.cursor));
  }

  async create(ownerId: string, dto: SubscriberDto): Promise<SubscriberResponse> {
    const subscriber = await this.queries.insert(ownerId, dto);
    if (subscriber === EMAIL_TAKEN) throw emailTaken(dto.email);
    return subscriber;
  }

  async update(ownerId: string, id: unknown, dto: UpdateSubscriberDto): Promise<SubscriberResponse> {
    const subscriber = await this.queries.update(ownerId, requireUuid(String(id ?? ''), 'Subscriber'), dto);
    if (subscriber === EMAIL_TAKEN) throw emailTaken(dto.email ?? '');
    if (!subscriber) throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    return subscriber;
  }

  /**
   * The subscriber of a signed unsubscribe link (the gateway checked the signature; no owner asks): from
   * then on they get no campaign. Idempotent; NOT_FOUND when the subscriber was deleted meanwhile.
   */
  async unsubscribe(request: Partial<EmailUnsubscribeRequest> | undefined): Promise<{ unsubscribed: true }> {
    const subscriberId = requireUuid(String(request?.subscriberId ?? ''), 'Subscriber');
    const campaignId = request?.campaignId ? requireUuid(String(request.campaignId), 'Campaign') : null;
    if (!(await this.queries.unsubscribe(subscriberId, campaignId))) {
      throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    }
    return { unsubscribed: true };
  }

  async delete(ownerId: string, id: unknown): Promise<{ id: string }> {
    const uuid = requireUuid(String(id ?? ''), 'Subscriber');
    if (!(await this.queries.delete(ownerId, uuid))) throw new DomainException(ErrorCode.NotFound, NOT_FOUND);
    return { id: uuid };
  }
}

function emailTaken(email: string): DomainException {
  return new DomainException(ErrorCode.Conflict, `A subscriber with the email ${email} already exists`, {
    field: 'email',
  });
}
