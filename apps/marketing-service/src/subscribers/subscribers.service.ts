import { Injectable } from '@nestjs/common';
import {
  type CustomerResponse,
  DomainException,
  type EmailUnsubscribeRequest,
  ErrorCode,
  type ListEmailQueryDto,
  MESSAGING_SUBJECTS,
  type SubscriberDto,
  type SubscriberResponse,
  type UpdateSubscriberDto,
  workspaceActor,
} from '@parley/contracts';
import { decodeCursor, type Page, requireUuid, ServiceClient } from '@parley/server-kit';
import { EmailSequencesService } from '../sequences/email-sequences.service';
import { EMAIL_TAKEN, SubscribersQueries } from './subscribers.queries';

const NOT_FOUND = 'Subscriber not found';

/** An owner's subscribers: one per address, case-insensitively (addresses are stored lower-cased). */
@Injectable()
export class SubscribersService {
  constructor(
    private readonly queries: SubscribersQueries,
    private readonly sequences: EmailSequencesService,
    private readonly services: ServiceClient,
  ) {}

  list(ownerId: string, query: ListEmailQueryDto): Promise<Page<SubscriberResponse>> {
    return this.queries.page(ownerId, query.limit, decodeCursor(query.cursor));
  }

  /**
   * A subscriber added by hand, or made from a customer (`customerId`, which must be the owner's customer in
   * messaging-service: NOT_FOUND otherwise). The owner's subscriber_added sequences start for them.
   */
  async create(ownerId: string, dto: SubscriberDto): Promise<SubscriberResponse> {
    const customerId = dto.customerId ? await this.customerOf(ownerId, dto.customerId) : null;
    const subscriber = await this.queries.insert(ownerId, { ...dto, customerId });
    if (subscriber === EMAIL_TAKEN) throw emailTaken(dto.email);
    await this.sequences.trigger(ownerId, 'subscriber_added', { subscriberIds: [subscriber.id] });
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

  /** The owner's customer's id as messaging-service has it (its NOT_FOUND passes through). */
  private async customerOf(ownerId: string, customerId: string): Promise<string> {
    const id = requireUuid(customerId, 'Customer');
    const customer = await this.services.send<CustomerResponse>(
      MESSAGING_SUBJECTS.getCustomer,
      { id },
      { actor: workspaceActor(ownerId) },
    );
    return customer.id;
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
