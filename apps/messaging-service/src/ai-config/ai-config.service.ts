import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AiConfigDto, AiConfigResponse, ResponseStyle } from '@parley/contracts';
import { isoTime } from '@parley/server-kit';

interface AiConfigRow {
  company_name: string;
  company_description: string;
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
  /** A timestamptz comes as text (see isoTime). */
  updated_at: string | null;
}

/** The data model's defaults: what a new owner's GET answers before the first save. */
export const AI_CONFIG_DEFAULTS: AiConfigRow = {
  company_name: '',
  company_description: '',
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
  updated_at: null,
};

/** DTO field → column. A field absent from the request keeps its stored (or default) value. */
const COLUMNS: [keyof AiConfigDto, keyof AiConfigRow][] = [
  ['companyName', 'company_name'],
  ['companyDescription', 'company_description'],
  ['responseStyle', 'response_style'],
  ['autoRespond', 'auto_respond'],
  ['responseDelay', 'response_delay'],
  ['address', 'address'],
  ['phoneNumber', 'phone_number'],
  ['email', 'email'],
  ['website', 'website'],
  ['googleMapsLocation', 'google_maps_location'],
  ['openingHours', 'opening_hours'],
  ['collectCustomerName', 'collect_customer_name'],
  ['collectCustomerPhone', 'collect_customer_phone'],
  ['collectCustomerEmail', 'collect_customer_email'],
  ['collectCustomerAddress', 'collect_customer_address'],
  ['additionalFields', 'additional_fields'],
];

@Injectable()
export class AiConfigService {
  constructor(private readonly em: EntityManager) {}

  async get(ownerId: string): Promise<AiConfigResponse> {
    return toResponse(await this.row(ownerId));
  }

  /** Saves from the AI Config or Business Setup screen; setup is complete once both company texts are saved. */
  async save(ownerId: string, dto: AiConfigDto): Promise<AiConfigResponse> {
    const next: AiConfigRow = { ...(await this.row(ownerId)) };
    for (const [field, column] of COLUMNS) {
      const value = dto[field];
      if (value !== undefined) (next as unknown as Record<string, unknown>)[column] = value;
    }
    next.setup_completed = next.company_name.trim() !== '' && next.company_description.trim() !== '';
    const columns = COLUMNS.map(([, c]) => c);
    // Arrays travel as JSON: the driver would expand a JS array into a list of parameters.
    const values = columns.map((c) => (Array.isArray(next[c]) ? JSON.stringify(next[c]) : next[c]));
    const placeholders = columns.map((c) =>
      c === 'additional_fields' ? 'array(select jsonb_array_elements_text(?::jsonb))' : '?',
    );
    const [saved] = await this.em.getConnection().execute<AiConfigRow[]>(
      `insert into ai_configs (owner_id, ${columns.join(', ')}, setup_completed, updated_at)
       values (?, ${placeholders.join(', ')}, ?, now())
       on conflict (owner_id) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')},
         setup_completed = excluded.setup_completed, updated_at = now()
       returning *`,
      [ownerId, ...values, next.setup_completed],
    );
    return toResponse(saved);
  }

  /** The stored configuration, or the defaults for an owner who never saved one. */
  async row(ownerId: string): Promise<AiConfigRow> {
    const [row] = await this.em
      .getConnection()
      .execute<AiConfigRow[]>('select * from ai_configs where owner_id = ?', [ownerId]);
    return row ?? AI_CONFIG_DEFAULTS;
  }
}

export type { AiConfigRow };

function toResponse(row: AiConfigRow): AiConfigResponse {
  return {
    companyName: row.company_name,
    companyDescription: row.company_description,
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
    updatedAt: row.updated_at ? isoTime(row.updated_at) : null,
  };
}
