import type { MessageDirection, MessageResponse, MessageStatus, Platform } from '@parley/contracts';

export interface MessageRow {
  id: string;
  customer_id: string;
  customer_name: string | null;
  platform: string;
  content: string;
  direction: string;
  status: string;
  ai_generated: boolean;
  /** As MikroORM's connection returns a timestamptz: text. */
  timestamp: string;
  response_time: number | null;
}

/** `timestamp` apart from the row: list rows carry it as `epochMicros` (see shared/cursor). */
export function toMessageResponse(row: Omit<MessageRow, 'timestamp'>, timestamp: Date): MessageResponse {
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    platform: row.platform as Platform,
    content: row.content,
    direction: row.direction as MessageDirection,
    status: row.status as MessageStatus,
    aiGenerated: row.ai_generated,
    timestamp: timestamp.toISOString(),
    responseTime: row.response_time,
  };
}
