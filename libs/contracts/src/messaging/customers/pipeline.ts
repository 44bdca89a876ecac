import type { CustomerStage } from './customer-stages';
import { CUSTOMER_PLATFORMS, type CustomerPlatform } from '../../enums/platforms';
import { OptionalChoice } from '../../validation/choice-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalText } from '../../validation/text-fields';
import { IncludeTestFlag } from '../test-data/test-data-query.dto';

/**
 * GET /api/pipeline: the board's column headers, with the filters its columns (GET /api/customers?stage=) use:
 * `q` matches name, email or platform username, `platform` exactly.
 */
export class PipelineQueryDto {
  @OptionalText('Search', { max: FIELD_LIMITS.searchQuery })
  q?: string | null;

  @OptionalChoice('Platform', CUSTOMER_PLATFORMS)
  platform?: CustomerPlatform;

  @IncludeTestFlag()
  includeTest?: boolean;
}

/** One column of the board: how many customers are at the stage, and what their leads are worth together. */
export interface PipelineStageSummary {
  stage: CustomerStage;
  count: number;
  /** The sum of their `leadValue`s (a customer without one counts 0), in the business's currency. */
  value: number;
}

/** GET /api/pipeline: every stage, in CUSTOMER_STAGES order, a stage with no customer included. */
export interface PipelineResponse {
  stages: PipelineStageSummary[];
}
