/** messaging.messages.ingest: a customer message from a platform (or the simulator). */
export interface IngestMessageData {
  platform: string;
  content: string;
  platformUsername: string;
  senderName: string;
  /** The platform's id of the message: a redelivery with the same id is stored once. Generated when absent. */
  platformMessageId?: string;
}

export interface IngestMessageResult {
  messageId: string;
  customerId: string;
  /** False when this platform message id had been stored before (a redelivery). */
  stored: boolean;
}
