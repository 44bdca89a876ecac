import { CUSTOMER_STAGES, type CustomerStage } from './customer-stages';
import { RequiredChoice } from '../../validation/choice-fields';

/** PUT /api/customers/{id}: move a customer to any pipeline stage. */
export class UpdateCustomerDto {
  @RequiredChoice('Stage', CUSTOMER_STAGES)
  stage!: CustomerStage;
}
