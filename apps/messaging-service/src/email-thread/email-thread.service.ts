import { Injectable } from '@nestjs/common';
import { DomainException, ErrorCode, type MessageStatusData } from '@parley/contracts';
import { OwnerEvents } from '@parley/server-kit';
import type { EmailInThreadDto } from './email-in-thread.dto';
import { EmailThreadQueries } from './email-thread.queries';

/**
 * Email continues the chat (docs/email.md, "Email in the conversation"): a campaign or sequence mail that
 * marketing-service sent to the subscriber made from a customer shows in that customer's thread, as an
 * outgoing item marked as email. It is not a chat message: it is sent over no channel, uses no API call and
 * is not counted or read as one (stats, the Messages list, the agent's history, needs a person).
 */
@Injectable()
export class EmailThreadService {
  constructor(
    private readonly queries: EmailThreadQueries,
    private readonly events: OwnerEvents,
  ) {}

  async record(ownerId: string, mail: EmailInThreadDto): Promise<{ stored: boolean }> {
    const result = await this.queries.store(ownerId, mail);
    if (result === 'no such customer') throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    if (result === 'stored') {
      // Quiet: the customer's open thread and the message lists refresh.
      const data: MessageStatusData = {
        messageId: mail.deliveryId,
        customerId: mail.customerId,
        status: 'sent',
        failureReason: null,
      };
      this.events.emit(ownerId, { type: 'message_status', message: '', data: { ...data } });
    }
    return { stored: result === 'stored' };
  }
}
