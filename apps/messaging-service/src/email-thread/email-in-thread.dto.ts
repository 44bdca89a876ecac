import { IsISO8601, IsUUID } from 'class-validator';
import { type EmailInThreadData, FIELD_LIMITS, RequiredText } from '@parley/contracts';

/** messaging.messages.record-email: a mail marketing-service sent to a customer's subscriber. */
export class EmailInThreadDto implements EmailInThreadData {
  @IsUUID('all', { message: 'Customer ID must be a UUID' })
  customerId!: string;

  @IsUUID('all', { message: 'Delivery ID must be a UUID' })
  deliveryId!: string;

  @RequiredText('Subject', { max: FIELD_LIMITS.emailSubject })
  subject!: string;

  @RequiredText('Content', { max: FIELD_LIMITS.messageContent })
  content!: string;

  @IsISO8601({ strict: true }, { message: 'Sent at must be an ISO 8601 date and time' })
  sentAt!: string;
}
