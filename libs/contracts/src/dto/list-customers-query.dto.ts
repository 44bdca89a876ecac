import { CUSTOMER_STAGES, type CustomerStage } from '../enums/customer-stages';
import { OptionalChoice } from '../validation/choice-fields';
import { ListQueryDto } from './list-query.dto';

/** GET /api/customers: `q` matches name, email or platform username. */
export class ListCustomersQueryDto extends ListQueryDto {
  @OptionalChoice('Stage', CUSTOMER_STAGES)
  stage?: CustomerStage;
}
