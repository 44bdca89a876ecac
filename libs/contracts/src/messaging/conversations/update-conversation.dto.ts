import { IsIn } from 'class-validator';
import { OptionalBoolean } from '../../validation/choice-fields';
import { compose } from '../../validation/compose';
import { IfPresent } from '../../validation/if-present';

/**
 * PATCH /api/conversations/{customerId}: any of the three, at least one (an empty change is refused with
 * a 400 naming them). `aiPaused` pauses the AI for this customer (24 hours, AI_PAUSE_MS) or resumes it;
 * `closed` closes or reopens the conversation; `read: true` marks every message in it read (`false` is
 * refused: nothing is ever marked unread).
 */
export class UpdateConversationDto {
  @OptionalBoolean('AI paused')
  aiPaused?: boolean;

  @OptionalBoolean('Closed')
  closed?: boolean;

  @compose(
    IfPresent(),
    IsIn([true], { message: 'Read can only be true: a conversation is never marked unread' }),
  )
  read?: boolean;
}
