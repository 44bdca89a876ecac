import { FIELD_LIMITS } from '../../validation/field-limits';
import { RequiredText } from '../../validation/text-fields';

/** A manual reply to a customer (the Respond button), sent on the customer's own platform. */
export class ReplyMessageDto {
  @RequiredText('Customer ID', { max: FIELD_LIMITS.id })
  customerId!: string;

  @RequiredText('Content', { max: FIELD_LIMITS.messageContent })
  content!: string;
}
