import {
  type AiConfigResponse,
  type AtLimitReply,
  DEFAULT_CURRENCY,
  type ResponseStyle,
  type StageMode,
} from '@parley/contracts';
import { isoTime } from '@parley/server-kit';
import { splitDescription } from '@parley/agent';

/** A stored AI configuration (`select *` of ai_configs). */
export interface AiConfigRow {
  company_name: string;
  company_description: string;
  /** ISO 4217 (CURRENCIES). */
  currency: string;
  /** IANA name; null until set. */
  time_zone: string | null;
  response_style: string;
  auto_respond: boolean;
  response_delay: number;
  address: string | null;
  phone_number: string | null;
  email: string | null;
  website: string | null;
  google_maps_location: string | null;
  opening_hours: string | null;
  collect_customer_name: boolean;
  collect_customer_phone: boolean;
  collect_customer_email: boolean;
  collect_customer_address: boolean;
  additional_fields: string[];
  setup_completed: boolean;
  at_limit_reply: string;
  away_message: string | null;
  /** `move` or `suggest` (STAGE_MODES). */
  stage_mode: string;
  /** The owner's notes for the agent: never given to a provider nor said to a customer (private-notes.ts). */
  private_notes: string | null;
  /** A timestamptz comes as text (see isoTime). */
  updated_at: string | null;
  agent_tested_at: string | null;
}

/** The data model's defaults: what a new owner's GET answers before the first save. */
export const AI_CONFIG_DEFAULTS: AiConfigRow = {
  company_name: '',
  company_description: '',
  currency: DEFAULT_CURRENCY,
  time_zone: null,
  response_style: 'professional',
  auto_respond: true,
  response_delay: 30,
  address: null,
  phone_number: null,
  email: null,
  website: null,
  google_maps_location: null,
  opening_hours: null,
  collect_customer_name: true,
  collect_customer_phone: true,
  collect_customer_email: false,
  collect_customer_address: false,
  additional_fields: [],
  setup_completed: false,
  at_limit_reply: 'nothing',
  away_message: null,
  stage_mode: 'move',
  private_notes: null,
  updated_at: null,
  agent_tested_at: null,
};

/**
 * What the owner sets: every field of the answer but the times of the last save and the first test chat, and the
 * description's sentences read as private (which follow from the description).
 */
export type AiConfigSettings = Omit<AiConfigResponse, 'updatedAt' | 'agentTestedAt' | 'privateSentences'>;

/** Setting → column, for every column the owner sets. */
export const AI_CONFIG_COLUMNS = {
  companyName: 'company_name',
  companyDescription: 'company_description',
  currency: 'currency',
  timeZone: 'time_zone',
  responseStyle: 'response_style',
  autoRespond: 'auto_respond',
  responseDelay: 'response_delay',
  address: 'address',
  phoneNumber: 'phone_number',
  email: 'email',
  website: 'website',
  googleMapsLocation: 'google_maps_location',
  openingHours: 'opening_hours',
  collectCustomerName: 'collect_customer_name',
  collectCustomerPhone: 'collect_customer_phone',
  collectCustomerEmail: 'collect_customer_email',
  collectCustomerAddress: 'collect_customer_address',
  additionalFields: 'additional_fields',
  setupCompleted: 'setup_completed',
  atLimitReply: 'at_limit_reply',
  awayMessage: 'away_message',
  stageMode: 'stage_mode',
  privateNotes: 'private_notes',
} as const satisfies Record<keyof AiConfigSettings, keyof AiConfigRow>;

export function toAiConfigResponse(row: AiConfigRow): AiConfigResponse {
  return {
    companyName: row.company_name,
    companyDescription: row.company_description,
    currency: row.currency,
    timeZone: row.time_zone,
    responseStyle: row.response_style as ResponseStyle,
    autoRespond: row.auto_respond,
    responseDelay: row.response_delay,
    address: row.address,
    phoneNumber: row.phone_number,
    email: row.email,
    website: row.website,
    googleMapsLocation: row.google_maps_location,
    openingHours: row.opening_hours,
    collectCustomerName: row.collect_customer_name,
    collectCustomerPhone: row.collect_customer_phone,
    collectCustomerEmail: row.collect_customer_email,
    collectCustomerAddress: row.collect_customer_address,
    additionalFields: row.additional_fields,
    setupCompleted: row.setup_completed,
    atLimitReply: row.at_limit_reply as AtLimitReply,
    awayMessage: row.away_message,
    stageMode: row.stage_mode as StageMode,
    privateNotes: row.private_notes,
    privateSentences: splitDescription(row.company_description).privateSentences,
    updatedAt: row.updated_at ? isoTime(row.updated_at) : null,
    agentTestedAt: row.agent_tested_at ? isoTime(row.agent_tested_at) : null,
  };
}

/** The defaults as the owner sees them (see AI_CONFIG_DEFAULTS). */
export const DEFAULT_AI_CONFIG: AiConfigResponse = toAiConfigResponse(AI_CONFIG_DEFAULTS);
