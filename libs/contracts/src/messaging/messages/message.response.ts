import type { MessageDirection } from './message-directions';
import type { MessageStatus } from './message-statuses';
import type { CustomerPlatform } from '../../enums/platforms';

/**
 * One customer message or reply. `responseTime`: seconds until an incoming message was answered. `needsHuman`: an
 * incoming message the agent could not answer from what the owner taught (it said so and offered the contact).
 */
export interface MessageResponse {
  id: string;
  customerId: string;
  customerName: string | null;
  platform: CustomerPlatform;
  content: string;
  direction: MessageDirection;
  status: MessageStatus;
  aiGenerated: boolean;
  timestamp: string;
  responseTime: number | null;
  needsHuman: boolean;
  /** Why an outgoing message failed (the provider's reason or the window rule), or why a reply failed. */
  failureReason: string | null;
  /** Attachments of an incoming channel message, as links. */
  attachments: { type: string; url: string }[];
  /** Only on a WhatsApp template a person sent: which one (`content` is what the customer reads). */
  template?: { name: string; language: string };
  /**
   * Only on a campaign or sequence mail sent to this customer as an email subscriber (docs/email.md, "Email in
   * the conversation"): its subject; `content` is the mail as text. Not a chat message: it went by email.
   */
  email?: { subject: string };
  /** A message of a simulated (test) customer: it came from the simulator, or its reply went nowhere. */
  isTest: boolean;
  /**
   * Only on a message a person sent in Parley since teams (docs/teams.md): the member who sent it and their
   * name then (`authorName` is left out when auth-service could not say it; the team's list names the id).
   * A person's reply without them was sent before teams, by the workspace's owner.
   */
  authorId?: string;
  authorName?: string;
  /**
   * Only on the owner's away message, sent in place of an AI reply at the plan's limit (an addition): not a
   * person's reply, though not AI-generated either. The thread labels it as such, with no "Replied by".
   */
  awayMessage?: true;
}
