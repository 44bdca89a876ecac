/**
 * messaging.messages.record-email: a campaign or sequence mail sent to the subscriber made from a customer
 * (docs/email.md, "Email in the conversation"), to show in that customer's thread. The actor is the owner.
 * Stored once per `deliveryId` (the message's id), as an outgoing message of kind `email`: not a chat
 * message (no channel, no billing, not in the stats or the AI's history).
 */
export interface EmailInThreadData {
  customerId: string;
  /** marketing-service's delivery id: the stored message's id, so a repeat stores nothing new. */
  deliveryId: string;
  subject: string;
  /** The mail as text, without tracking links or the footer (at most FIELD_LIMITS.messageContent). */
  content: string;
  /** When the SMTP server took it, ISO. */
  sentAt: string;
}
