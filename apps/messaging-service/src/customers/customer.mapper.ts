import type { CustomerPlatform, CustomerResponse, CustomerStage, CustomerStatus } from '@parley/contracts';
import { type ColumnsOf, isoTime } from '@parley/server-kit';
import { CONVERSATION_STATE_COLUMNS, qualified } from '../conversations/conversation-state';
import { columnIndex, positionBy } from '../shared/list-sql';

export interface CustomerRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  platform: string;
  /** Null for a `manual` customer known by email or phone only (answered as ''). */
  platform_username: string | null;
  stage: string;
  status: string;
  source: string;
  tags: string[];
  interest: string | null;
  notes: string | null;
  /** A timestamptz comes as text (see isoTime). The conversation's (conversation-state.ts). */
  last_contact: string | null;
  created_at: string;
  /** The page / account / number the customer wrote to through a connected channel (see the migration). */
  page_id: string | null;
  /** The conversation's, as ai_paused_until. */
  last_inbound_at: string | null;
  ai_paused_until: string | null;
  is_test: boolean;
  /** When the customer reached their stage (a trigger stamps it: Migration20261209100000). */
  stage_changed_at: string;
  /** The conversation's newest message (Migration20261129000000). */
  last_message_preview: string | null;
  /** Not a column: their lead's value (see customerSelect); numeric comes as text. */
  lead_value: string | null;
}

/** The columns a customer is answered from, and the list's position (created_at). */
export const CUSTOMER_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'platform',
  'platform_username',
  'stage',
  'status',
  'source',
  'tags',
  'interest',
  'notes',
  'last_contact',
  'created_at',
  'page_id',
  'last_inbound_at',
  'ai_paused_until',
  'is_test',
  'stage_changed_at',
  'last_message_preview',
  'lead_value',
] as const satisfies readonly (keyof CustomerRow)[];

/** The columns of CUSTOMER_COLUMNS that are the customers table's own (what a write of it can return). */
export const STORED_CUSTOMER_COLUMNS = CUSTOMER_COLUMNS.filter(
  (column) => column !== 'lead_value' && !CONVERSATION_STATE_COLUMNS.has(column),
);

/**
 * CUSTOMER_COLUMNS as a select list over the customers aliased `customer` joined to their conversations
 * aliased `conversation` (conversation-state.ts). A customer has at most one lead (openLeadsSql opens none
 * beside an existing one); its value is read here, the newest lead's should that ever change.
 */
export function customerSelect(customer: string, conversation: string): string {
  return CUSTOMER_COLUMNS.map((column) =>
    column === 'lead_value'
      ? `(select l.value from leads l where l.customer_id = ${customer}.id order by l.created_at desc limit 1)`
      : qualified(column, customer, conversation),
  ).join(', ');
}

/** A customer row as an array of CUSTOMER_COLUMNS (see sqlTuples). */
export type CustomerColumns = ColumnsOf<CustomerRow, typeof CUSTOMER_COLUMNS>;

/** Each column's position in CustomerColumns, by name. */
const C = columnIndex(CUSTOMER_COLUMNS);

/**
 * `created_at` is not part of the answer (lists keep their position by it). A pause that ended is no pause:
 * `aiPausedUntil` is null once it has passed.
 */
export function customerFromColumns(c: CustomerColumns): CustomerResponse {
  const pausedUntil = optionalTime(c[C.ai_paused_until]);
  return {
    id: c[C.id],
    name: c[C.name],
    email: c[C.email],
    phone: c[C.phone],
    platform: c[C.platform] as CustomerPlatform,
    platformUsername: c[C.platform_username] ?? '',
    stage: c[C.stage] as CustomerStage,
    status: c[C.status] as CustomerStatus,
    source: c[C.source],
    tags: c[C.tags],
    interest: c[C.interest],
    notes: c[C.notes],
    lastContact: optionalTime(c[C.last_contact]),
    lastInboundAt: optionalTime(c[C.last_inbound_at]),
    reachable: c[C.page_id] !== null,
    aiPausedUntil: pausedUntil !== null && Date.parse(pausedUntil) > Date.now() ? pausedUntil : null,
    isTest: c[C.is_test],
    stageChangedAt: isoTime(c[C.stage_changed_at]),
    lastMessage: c[C.last_message_preview],
    leadValue: c[C.lead_value] === null ? null : Number(c[C.lead_value]),
  };
}

function optionalTime(value: string | null): string | null {
  return value === null ? null : isoTime(value);
}

/** A row's place in the newest-first list (`order by created_at desc, id desc`): the next page's cursor. */
export const customerPosition = positionBy(CUSTOMER_COLUMNS, 'created_at');
