// The conversation's newest message, kept on the conversation's row (Migration20261129000000, moved by
// Migration20261210100000) by every statement that stores a message, beside `last_message_at`: the inbox list
// then reads no message per row (docs/inbox.md, "What a conversation is"). Delivery reports never write it:
// the list shows no status.

/** How much of the newest message the list carries (the thread has it whole). */
export const PREVIEW_LENGTH = 300;

/** The conversation's columns that hold its newest message, in the order of lastMessageValues. */
export const LAST_MESSAGE_COLUMNS = [
  'last_message_id',
  'last_message_preview',
  'last_message_direction',
  'last_message_ai_generated',
  'last_message_author_id',
] as const;

/** The message being stored, as SQL expressions (`?`, a CTE's column, a literal). */
export interface StoredMessageSql {
  id: string;
  content: string;
  direction: string;
  aiGenerated: string;
  /** The member who wrote it (a uuid); omitted: nobody we know (the customer, the AI, the page's own inbox). */
  authorId?: string;
}

/** The values of LAST_MESSAGE_COLUMNS for the message being stored, comma-separated. */
export function lastMessageValues(m: StoredMessageSql): string {
  return `${m.id}, left(${m.content}, ${PREVIEW_LENGTH}), ${m.direction}, ${m.aiGenerated}, ${m.authorId ?? 'null::uuid'}`;
}

/**
 * The `set` assignment that makes the message being stored the conversation's newest:
 * `update conversations v set …, ${setLastMessage({ … })} where …`.
 */
export function setLastMessage(m: StoredMessageSql): string {
  return `(${LAST_MESSAGE_COLUMNS.join(', ')}) = (${lastMessageValues(m)})`;
}
