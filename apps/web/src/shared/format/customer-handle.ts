import type { CustomerResponse } from '@parley/contracts';

type Known = Pick<CustomerResponse, 'platform' | 'platformUsername' | 'reachable'>;

/**
 * The platform username worth showing beside a customer: none for a Messenger or Instagram customer who
 * wrote through a connected page (their username is a page-scoped id, kept for replies, meaningless to a
 * person); a WhatsApp number and any other username as they are.
 */
export function shownUsername(customer: Known): string | undefined {
  return customer.reachable && customer.platform !== 'whatsapp' ? undefined : customer.platformUsername;
}

/**
 * How a customer is reached or known, for the line under their name: their shown platform username, or
 * their email or phone (a customer without a channel, `manual`, may have only those). Empty when none is
 * known.
 */
export function customerHandle(customer: Known & Pick<CustomerResponse, 'email' | 'phone'>): string {
  return shownUsername(customer) || customer.email || customer.phone || '';
}
