import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { ServiceConfig } from '@parley/server-kit';

export class MessagingConfig extends ServiceConfig {
  /** Set to answer with an OpenAI-compatible model; unset: the offline `local` agent. */
  @IsOptional()
  @IsString()
  OPENAI_API_KEY?: string = undefined;

  /** Base URL of the OpenAI-compatible API (default: OpenAI's). */
  @IsOptional()
  @Matches(/^https?:\/\/.+/, { message: 'OPENAI_BASE_URL must be an http(s) URL' })
  OPENAI_BASE_URL?: string = undefined;

  /** Model name for chat completions. */
  @IsString()
  OPENAI_MODEL = 'gpt-4o-mini';

  /** How long one agent call may take before it is retried, in ms. */
  @IsInt()
  @Min(1000)
  @Max(120_000)
  AGENT_TIMEOUT_MS = 20_000;

  /**
   * How long a reply waits for catalogue-service's product search, in ms; past it (or at once when the service
   * is down) the agent answers without the catalogue.
   */
  @IsInt()
  @Min(50)
  @Max(10_000)
  CATALOGUE_TIMEOUT_MS = 1000;

  /** Attempts per reply before the message is marked failed. */
  @IsInt()
  @Min(1)
  @Max(20)
  AGENT_ATTEMPTS = 5;

  /** How often pending messages whose reply job vanished are re-queued, in ms. */
  @IsInt()
  @Min(1000)
  RECONCILE_INTERVAL_MS = 30_000;

  /** How often what changed is folded into the report rollups, in ms (a report also folds its owner's first). */
  @IsInt()
  @Min(500)
  REPORTS_FOLD_INTERVAL_MS = 5_000;

  /** Reply jobs run at once per replica. */
  @IsInt()
  @Min(1)
  @Max(500)
  REPLY_CONCURRENCY = 50;
}
