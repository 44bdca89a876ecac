import { isOneOf } from '../../enums/one-of';

/** `incoming`: from a customer to the business; `outgoing`: a reply, by the AI or by a person. */
export const MESSAGE_DIRECTIONS = ['incoming', 'outgoing'] as const;

export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

export function isMessageDirection(value: unknown): value is MessageDirection {
  return isOneOf(MESSAGE_DIRECTIONS, value);
}
