import {
  ASSIGNEE_FILTERS,
  type AssigneeFilter,
  CONVERSATION_STATES,
  type ConversationState,
} from './conversation-states';
import { CUSTOMER_STAGES, type CustomerStage } from '../customers/customer-stages';
import { OptionalChoice, OptionalQueryFlag } from '../../validation/choice-fields';
import { ListQueryDto } from '../../lists/list-query.dto';
import { IncludeTestFlag } from '../test-data/test-data-query.dto';

/**
 * GET /api/conversations: one per customer, newest activity first. `q` matches the customer's name or
 * platform username, or the text of any of their messages. Flags are `true` / `false` as text.
 */
export class ListConversationsQueryDto extends ListQueryDto {
  @OptionalChoice('State', CONVERSATION_STATES)
  state?: ConversationState;

  /** true: only conversations with messages the owner has not read. */
  @OptionalQueryFlag('Unread')
  unread?: boolean;

  /** true: only conversations where the agent asked for a person and no person has answered since. */
  @OptionalQueryFlag('Needs human')
  needsHuman?: boolean;

  /** true: only conversations whose AI is paused; false: only those where it is active. */
  @OptionalQueryFlag('AI paused')
  aiPaused?: boolean;

  /** mine: assigned to the caller; unassigned: to nobody; all (or absent): every conversation. An addition. */
  @OptionalChoice('Assignee', ASSIGNEE_FILTERS)
  assignee?: AssigneeFilter;

  @OptionalChoice('Stage', CUSTOMER_STAGES)
  stage?: CustomerStage;

  @IncludeTestFlag()
  includeTest?: boolean;
}
