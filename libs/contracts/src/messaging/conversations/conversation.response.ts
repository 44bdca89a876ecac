import type { CustomerStage } from '../customers/customer-stages';
import type { MessageDirection } from '../messages/message-directions';
import type { CustomerPlatform } from '../../enums/platforms';

/**
 * The newest message of a conversation, as the inbox list shows it: written at `lastActivityAt`. Its
 * delivery status is in the thread (GET /api/messages?customerId=), not here.
 */
export interface ConversationLastMessage {
  id: string;
  /** The message's first 300 characters (the thread has it whole). */
  content: string;
  direction: MessageDirection;
  aiGenerated: boolean;
  /**
   * The member who wrote it, when a person did through Parley; absent for the customer, the AI, a reply sent
   * from the page's own inbox, and replies from before teams (the owner's). An addition (docs/teams.md).
   */
  authorId?: string;
}

/** One customer's conversation, as GET /api/conversations lists it and PATCH answers it. */
export interface ConversationResponse {
  customerId: string;
  customerName: string;
  platform: CustomerPlatform;
  platformUsername: string;
  stage: CustomerStage;
  /** Null for a customer added by hand who has not written yet. */
  lastMessage: ConversationLastMessage | null;
  /** When the last message was written, or the customer was added; the list's order. ISO. */
  lastActivityAt: string;
  /** Messages from the customer since the owner last read the conversation. */
  unreadCount: number;
  closed: boolean;
  /** The agent asked for a person and no person has answered since. */
  needsHuman: boolean;
  aiPaused: boolean;
  /** ISO; null when the AI is active. */
  aiPausedUntil: string | null;
  /** True when the customer wrote through a connected channel: replies are delivered to them. */
  reachable: boolean;
  /** The customer is a simulated (test) one. */
  isTest: boolean;
  /** The member (user id) the conversation is assigned to; null: unassigned. An addition (docs/teams.md). */
  assigneeId: string | null;
}
