import { IsIn, IsOptional, IsString, IsUUID } from 'class-validator';
import { OptionalBoolean } from '../../validation/choice-fields';
import { compose } from '../../validation/compose';
import { IfPresent } from '../../validation/if-present';

/**
 * PATCH /api/conversations/{customerId}: any of the three, at least one (an empty change is refused with
 * a 400 naming them). `aiPaused` pauses the AI for this customer (24 hours, AI_PAUSE_MS) or resumes it;
 * `closed` closes or reopens the conversation; `read: true` marks every message in it read (`false` is
 * refused: nothing is ever marked unread). `assigneeId` (an addition, docs/teams.md) assigns the conversation
 * to a member of the caller's workspace, or `null` leaves it unassigned; anyone else is a 400 naming it.
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

  /** A member's user id, or null: nobody (IsOptional: null is a value here, skipped like an absent field). */
  @compose(
    IsOptional(),
    IsString({ message: "assigneeId must be a member's user id (a UUID) or null" }),
    IsUUID('all', { message: "assigneeId must be a member's user id (a UUID) or null" }),
  )
  assigneeId?: string | null;
}
