/** A conversation is open until the owner closes it; a new message from the customer reopens it. */
export const CONVERSATION_STATES = ['open', 'closed'] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];
