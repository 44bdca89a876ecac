import { PLATFORMS, type Platform } from '../../enums/platforms';
import { RequiredChoice } from '../../validation/choice-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { RequiredText } from '../../validation/text-fields';

const INCOMPLETE = 'Please select a platform, enter recipient ID, and write a message.';

/** POST /api/messages/send: a message to a platform user id (social panel, Send Message tab). */
export class SendMessageDto {
  @RequiredChoice('Platform', PLATFORMS, INCOMPLETE)
  platform!: Platform;

  @RequiredText('Recipient ID', { max: FIELD_LIMITS.id, requiredMessage: INCOMPLETE })
  recipientId!: string;

  @RequiredText('Message', { max: FIELD_LIMITS.messageContent, requiredMessage: INCOMPLETE })
  message!: string;
}
