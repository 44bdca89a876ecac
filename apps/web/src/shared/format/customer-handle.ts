import type { CustomerResponse } from '@parley/contracts';

/**
 * How a customer is reached or known, for the line under their name: their platform username, or, for a
 * customer without a channel who has none (`manual`), their email or phone. Empty when none is known.
 */
export function customerHandle(
  customer: Pick<CustomerResponse, 'platformUsername' | 'email' | 'phone'>,
): string {
  return customer.platformUsername || customer.email || customer.phone || '';
}
