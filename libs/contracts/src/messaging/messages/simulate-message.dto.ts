import { PLATFORMS, type Platform } from '../../enums/platforms';
import { RequiredChoice } from '../../validation/choice-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { RequiredText } from '../../validation/text-fields';

/** POST /api/simulate-message: a customer message as if it had arrived on `platform`. */
export class SimulateMessageDto {
  @RequiredChoice('Platform', PLATFORMS)
  platform!: Platform;

  @RequiredText('Content', { max: FIELD_LIMITS.messageContent })
  content!: string;

  @RequiredText('Platform username', { max: FIELD_LIMITS.username })
  platformUsername!: string;

  @RequiredText('Sender name', { max: FIELD_LIMITS.username })
  senderName!: string;
}
