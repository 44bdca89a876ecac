import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AiConfigResponse } from '@parley/contracts';
import { sql } from '@parley/server-kit';
import {
  AI_CONFIG_COLUMNS,
  AI_CONFIG_DEFAULTS,
  type AiConfigRow,
  type AiConfigSettings,
  toAiConfigResponse,
} from './ai-config.mapper';

const SETTINGS = Object.keys(AI_CONFIG_COLUMNS) as (keyof AiConfigSettings)[];
const COLUMNS = SETTINGS.map((setting) => AI_CONFIG_COLUMNS[setting]);
/**
 * Every column of AiConfigRow, named (not `*`): a prepared statement's columns are fixed when it is
 * first parsed, so a later migration adding a column would break `select *` on open connections.
 */
const ROW = (Object.keys(AI_CONFIG_DEFAULTS) as (keyof AiConfigRow)[]).join(', ');

/** The SQL of the AI configuration: the only place that reads or writes ai_configs. */
@Injectable()
export class AiConfigQueries {
  constructor(private readonly em: EntityManager) {}

  /** The stored configuration, or the defaults for an owner who never saved one. */
  async row(ownerId: string): Promise<AiConfigRow> {
    const [row] = await sql<AiConfigRow>(this.em, `select ${ROW} from ai_configs where owner_id = ?`, [
      ownerId,
    ]);
    return row ?? AI_CONFIG_DEFAULTS;
  }

  async find(ownerId: string): Promise<AiConfigResponse> {
    return toAiConfigResponse(await this.row(ownerId));
  }

  /** Stores every setting (insert or overwrite) and stamps the time of the save. */
  async save(ownerId: string, settings: AiConfigSettings): Promise<AiConfigResponse> {
    // A JS array is one PostgreSQL array parameter (additional_fields is text[]).
    const [saved] = await sql<AiConfigRow>(
      this.em,
      `insert into ai_configs (owner_id, ${COLUMNS.join(', ')}, updated_at)
       values (?, ${COLUMNS.map(() => '?').join(', ')}, now())
       on conflict (owner_id) do update set ${COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')},
         updated_at = now()
       returning ${ROW}`,
      [ownerId, ...SETTINGS.map((setting) => settings[setting])],
    );
    return toAiConfigResponse(saved);
  }

  /** The owner used the test chat: the first time is kept (the setup checklist's last step, done since). */
  async markAgentTested(ownerId: string): Promise<void> {
    await sql(
      this.em,
      `insert into ai_configs (owner_id, agent_tested_at) values (?, now())
       on conflict (owner_id) do update set agent_tested_at = coalesce(ai_configs.agent_tested_at, now())`,
      [ownerId],
    );
  }
}
