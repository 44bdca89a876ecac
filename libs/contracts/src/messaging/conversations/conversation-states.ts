/** A conversation is open until the owner closes it; a new message from the customer reopens it. */
export const CONVERSATION_STATES = ['open', 'closed'] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];

/**
 * The inbox's assignment filter (GET /api/conversations?assignee=): `mine` the caller's, `unassigned` nobody's,
 * `all` (or absent) every conversation (docs/teams.md, "Assignment").
 */
export const ASSIGNEE_FILTERS = ['mine', 'unassigned', 'all'] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];
