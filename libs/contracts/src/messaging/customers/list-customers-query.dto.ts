import { CUSTOMER_STAGES, type CustomerStage } from './customer-stages';
import { OptionalChoice } from '../../validation/choice-fields';
import { ListQueryDto } from '../../lists/list-query.dto';
import { IncludeTestFlag } from '../test-data/test-data-query.dto';

/** GET /api/customers: `q` matches name, email or platform username. */
export class ListCustomersQueryDto extends ListQueryDto {
  @OptionalChoice('Stage', CUSTOMER_STAGES)
  stage?: CustomerStage;

  @IncludeTestFlag()
  includeTest?: boolean;
}
