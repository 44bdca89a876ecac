import type {
  TemplateChoice,
  MessageAttachment,
  MessageDirection,
  MessageResponse,
  MessageStatus,
  CustomerPlatform,
} from '@parley/contracts';
import { type ColumnsOf, isoTime } from '@parley/server-kit';
import { columnIndex, positionBy } from '../shared/list-sql';

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
  needs_human: boolean;
  failure_reason: string | null;
  /**
   * jsonb: an incoming channel message's attachments; the WhatsApp template a person sent; a mail's subject; an AI
   * reply's analysis (not answered).
   */
  metadata: {
    attachments?: MessageAttachment[];
    template?: TemplateChoice;
    /** A mail marketing-service sent the customer's subscriber (messages of kind `email`). */
    email?: { subject: string };
    /** The member who sent a person's reply (docs/teams.md), with their name then. */
    author?: { id: string; name?: string };
    /** The away message sent in place of an AI reply (replies.queries.ts, storeAwayMessage). */
    awayMessage?: boolean;
  } | null;
  is_test: boolean;
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
  'needs_human',
  'failure_reason',
  'metadata',
  'is_test',
] as const satisfies readonly (keyof MessageRow)[];

/** A message row as an array of MESSAGE_COLUMNS (see sqlTuples). */
export type MessageColumns = ColumnsOf<MessageRow, typeof MESSAGE_COLUMNS>;

/** Each column's position in MessageColumns, by name. */
const M = columnIndex(MESSAGE_COLUMNS);

export function messageFromColumns(c: MessageColumns): MessageResponse {
  const template = c[M.metadata]?.template;
  const email = c[M.metadata]?.email;
  const author = c[M.metadata]?.author;
  return {
    id: c[M.id],
    customerId: c[M.customer_id],
    customerName: c[M.customer_name],
    platform: c[M.platform] as CustomerPlatform,
    content: c[M.content],
    direction: c[M.direction] as MessageDirection,
    status: c[M.status] as MessageStatus,
    aiGenerated: c[M.ai_generated],
    timestamp: isoTime(c[M.timestamp]),
    responseTime: c[M.response_time],
    needsHuman: c[M.needs_human],
    failureReason: c[M.failure_reason],
    attachments: c[M.metadata]?.attachments ?? [],
    ...(template && { template: { name: template.name, language: template.language } }),
    ...(email && { email: { subject: email.subject } }),
    isTest: c[M.is_test],
    ...(author && { authorId: author.id, ...(author.name !== undefined && { authorName: author.name }) }),
    ...(c[M.metadata]?.awayMessage === true && { awayMessage: true as const }),
  };
}

/** A row's place in the newest-first list (`order by timestamp desc, id desc`): the next page's cursor. */
export const messagePosition = positionBy(MESSAGE_COLUMNS, 'timestamp');
