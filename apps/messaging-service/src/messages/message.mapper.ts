import type { MessageDirection, MessageResponse, MessageStatus, Platform } from '@parley/contracts';
import { type ColumnsOf, isoTime } from '@parley/server-kit';

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

/** The columns a message is answered from, in the order lists select them (see MessageColumns). */
export const MESSAGE_COLUMNS = [
  'id',
  'customer_id',
  'customer_name',
  'platform',
  'content',
  'direction',
  'status',
  'ai_generated',
  'timestamp',
  'response_time',
] as const satisfies readonly (keyof MessageRow)[];

/** A message row as an array of MESSAGE_COLUMNS (see sqlTuples). */
export type MessageColumns = ColumnsOf<MessageRow, typeof MESSAGE_COLUMNS>;

export function messageFromColumns(c: MessageColumns): MessageResponse {
  return {
    id: c[0],
    customerId: c[1],
    customerName: c[2],
    platform: c[3] as Platform,
    content: c[4],
    direction: c[5] as MessageDirection,
    status: c[6] as MessageStatus,
    aiGenerated: c[7],
    timestamp: isoTime(c[8]),
    responseTime: c[9],
  };
}

export function toMessageResponse(row: MessageRow): MessageResponse {
  return messageFromColumns(MESSAGE_COLUMNS.map((column) => row[column]) as unknown as MessageColumns);
}
