/** messaging.messages.ingest: a customer message from a platform (or the simulator). */
export interface IngestMessageData {
  platform: string;
  content: string;
  platformUsername: string;
  /**
   * The customer's name; empty for a connected channel's customer whose name the platform has not given (yet):
   * the customer is stored without one and named later (messaging.customers.channel-name).
   */
  senderName: string;
  /** The platform's id of the message: a redelivery with the same id is stored once. Generated when absent. */
  platformMessageId?: string;
  /**
   * Set for a message from a connected channel (absent for the simulator): the page / Instagram account /
   * WhatsApp number it was written to. Replies to such a customer are delivered there.
   */
  channel?: { pageId: string };
  /** Attachments, stored as links with their type (image, video, audio, file, …) in the message's metadata. */
  attachments?: MessageAttachment[];
  /** When the customer wrote, ISO (the platform's timestamp); now when absent. */
  sentAt?: string;
}

export interface MessageAttachment {
  type: string;
  url: string;
}

/** messaging.messages.echo: a message the page sent from outside Parley (Meta's echo event). */
export interface ChannelEchoData {
  platform: string;
  pageId: string;
  /** The customer's platform id (the echo's recipient). */
  recipientId: string;
  platformMessageId: string;
  content: string;
  sentAt?: string;
}

/** messaging.messages.delivery-status: one outgoing message's state on the platform. */
export interface DeliveryStatusData {
  messageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** The platform's id of the sent message (known from `sent` on). */
  platformMessageId?: string;
  /** Why it failed, from the provider's answer or the window rules, in plain words. */
  reason?: string;
}

export interface IngestMessageResult {
  messageId: string;
  customerId: string;
  /** False when this platform message id had been stored before (a redelivery). */
  stored: boolean;
}

/** messaging.customers.channel-name: the name a channel's customer has on the platform now (their profile). */
export interface ChannelCustomerNameData {
  platform: string;
  /** The customer's platform id (page-scoped id, IGSID or phone number). */
  platformUsername: string;
  name: string;
}
