import { IsNumber, Max, Min, ValidateIf } from 'class-validator';
import { MAX_PRICE } from '../../catalogue/products/price';
import { compose } from '../../validation/compose';

/** The largest lead value: leads.value is numeric(10, 2), as prices are. */
export const MAX_LEAD_VALUE = MAX_PRICE;

/**
 * `leadValue`: what the customer's lead is worth, in the business's currency: a JSON number, at least 0, at most
 * MAX_LEAD_VALUE, at most two decimals. Absent leaves it; null clears it. Every refusal names `leadValue`.
 */
export function OptionalLeadValue(): PropertyDecorator {
  const message = `Lead value must be a number from 0 to ${MAX_LEAD_VALUE} with at most 2 decimal places`;
  return compose(
    ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null),
    IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message }),
    Min(0, { message }),
    Max(MAX_LEAD_VALUE, { message }),
  );
}
