import type {
  PlanCheckout,
  PlanId,
  PlanResponse,
  PurchaseResponse,
  UsagePackageResponse,
} from '@parley/contracts';
import { isoTime } from '@parley/server-kit';
import type { PurchaseRow } from './billing.queries';
import type { PackageRow, PlanRow } from './catalogue.queries';

/**
 * The owner's own copy of a hosted payment link: Stripe Payment Links take `client_reference_id`, and
 * the checkout session it creates carries it back in the webhook, naming the owner to credit.
 */
export function paymentLinkFor(link: string | null, ownerId: string): string | null {
  if (!link) return null;
  const url = new URL(link);
  url.searchParams.set('client_reference_id', ownerId);
  return url.toString();
}

const dollars = (cents: number) => cents / 100;

export function toPlanResponse(row: PlanRow, ownerId: string): PlanResponse {
  const checkout = row.checkout as PlanCheckout;
  return {
    id: row.id as PlanId,
    name: row.name,
    monthlyPriceUsd: dollars(row.monthly_price_cents),
    interval: 'month',
    aiResponsesPerMonth: row.monthly_api_calls,
    popular: row.popular,
    checkout,
    paymentLink: checkout === 'payment_link' ? paymentLinkFor(row.payment_link, ownerId) : null,
    monthlyApiCalls: row.monthly_api_calls,
  };
}

export function toPackageResponse(row: PackageRow, ownerId: string): UsagePackageResponse {
  return {
    id: row.id,
    name: row.name,
    apiCalls: row.api_calls,
    price: dollars(row.price_cents),
    estimatedCost: dollars(row.estimated_cost_cents),
    color: row.color,
    paymentLink: paymentLinkFor(row.payment_link, ownerId),
    sortOrder: row.sort_order,
  };
}

export function toPurchaseResponse(row: PurchaseRow): PurchaseResponse {
  return {
    id: row.id,
    kind: row.kind,
    packageId: row.package_id,
    name: row.name,
    apiCallsAdded: row.api_calls_added,
    amountPaid: dollars(row.amount_paid_cents),
    currency: row.currency,
    paymentId: row.payment_id,
    status: row.status,
    createdAt: isoTime(row.created_at),
  };
}
