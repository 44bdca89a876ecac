import type { MessageDirection, MessageResponse, MessageStatus, Platform } from '@parley/contracts';
import { isoTime } from '@parley/server-kit';

export interface MessageRow {
  id: string;
  customer_id: string;
  customer_name: string | null;
  platform: string;
  content: string;
  direction: string;
  status: string;
  ai_generated: boolean;
  /** A timestamptz comes as text (see isoTime). */
  timestamp: string;
  response_time: number | null;
}

export function toMessageResponse(row: MessageRow): MessageResponse {
  return {
    id: row.id,
    customerId: row.customer_id,
    customerName: row.customer_name,
    platform: row.platform as Platform,
    content: row.content,
    direction: row.direction as MessageDirection,
    status: row.status as MessageStatus,
    aiGenerated: row.ai_generated,
    timestamp: isoTime(row.timestamp),
    responseTime: row.response_time,
  };
}
