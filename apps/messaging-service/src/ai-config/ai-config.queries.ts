import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AiConfigResponse } from '@parley/contracts';
import {
  AI_CONFIG_COLUMNS,
  AI_CONFIG_DEFAULTS,
  type AiConfigRow,
  type AiConfigSettings,
  toAiConfigResponse,
} from './ai-config.mapper';

const SETTINGS = Object.keys(AI_CONFIG_COLUMNS) as (keyof AiConfigSettings)[];
const COLUMNS = SETTINGS.map((setting) => AI_CONFIG_COLUMNS[setting]);

/** The SQL of the AI configuration: the only place that reads or writes ai_configs. */
@Injectable()
export class AiConfigQueries {
  constructor(private readonly em: EntityManager) {}

  /** The stored configuration, or the defaults for an owner who never saved one. */
  async row(ownerId: string): Promise<AiConfigRow> {
    const [row] = await this.em
      .getConnection()
      .execute<AiConfigRow[]>('select * from ai_configs where owner_id = ?', [ownerId]);
    return row ?? AI_CONFIG_DEFAULTS;
  }

  async find(ownerId: string): Promise<AiConfigResponse> {
    return toAiConfigResponse(await this.row(ownerId));
  }

  /** Stores every setting (insert or overwrite) and stamps the time of the save. */
  async save(ownerId: string, settings: AiConfigSettings): Promise<AiConfigResponse> {
    // Arrays travel as JSON: the driver would expand a JS array into a list of parameters.
    const values = SETTINGS.map((setting) => {
      const value = settings[setting];
      return Array.isArray(value) ? JSON.stringify(value) : value;
    });
    const placeholders = COLUMNS.map((column) =>
      column === 'additional_fields' ? 'array(select jsonb_array_elements_text(?::jsonb))' : '?',
    );
    const [saved] = await this.em.getConnection().execute<AiConfigRow[]>(
      `insert into ai_configs (owner_id, ${COLUMNS.join(', ')}, updated_at)
       values (?, ${placeholders.join(', ')}, now())
       on conflict (owner_id) do update set ${COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')},
         updated_at = now()
       returning *`,
      [ownerId, ...values],
    );
    return toAiConfigResponse(saved);
  }
}
