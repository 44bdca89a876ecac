import { LAST_MESSAGE_COLUMNS } from './last-message';

// A conversation's changing state lives in `conversations`, one row per customer (Migration20261210100000):
// the statements that store messages and the owner's changes write that row, never the customer's, whose
// indexes (the trigram search among them) then stay untouched (docs/inbox.md, "What a conversation is").

/** The columns of `conversations` besides its keys (customer_id, owner_id). */
export const CONVERSATION_STATE_COLUMNS: ReadonlySet<string> = new Set([
  'last_contact',
  'last_inbound_at',
  'ai_paused_until',
  'away_message_at',
  'last_message_at',
  'unread_count',
  'closed_at',
  'needs_human',
  'assignee_id',
  ...LAST_MESSAGE_COLUMNS,
]);

/**
 * `column` qualified by the alias of the table that holds it: `conversation` for the state above, else
 * `customer`. For select lists that read a customer with their conversation.
 */
export function qualified(column: string, customer: string, conversation: string): string {
  return `${CONVERSATION_STATE_COLUMNS.has(column) ? conversation : customer}.${column}`;
}

/** The join from customers aliased `customer` to their conversation aliased `conversation`. */
export function conversationOf(customer: string, conversation: string): string {
  return `join conversations ${conversation} on ${conversation}.customer_id = ${customer}.id`;
}
