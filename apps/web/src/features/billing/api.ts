import type {
  BillingOverviewResponse,
  PlanResponse,
  UsagePackageResponse,
  UsageResponse,
} from '@parley/contracts';
import { api } from '../../app/api';

/**
 * The plans, refills and purchases of billing-service. A payment is credited by its webhook, never by the
 * browser: the 'usage_changed' realtime event (features/realtime) refreshes Usage, Billing and Plans then.
 */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The plan catalogue with this owner's payment links, as the server enforces it. */
    getPlans: build.query<PlanResponse[], void>({
      query: () => '/plans',
      providesTags: ['Plans'],
    }),
    /** The active refill packages, in order. */
    getPackages: build.query<UsagePackageResponse[], void>({
      query: () => '/packages',
      providesTags: ['Packages'],
    }),
    getBilling: build.query<BillingOverviewResponse, void>({
      query: () => '/billing',
      providesTags: ['Billing'],
    }),
    /** Free needs no payment: the server activates it at once. */
    activateFreePlan: build.mutation<UsageResponse, void>({
      query: () => ({ url: '/billing/free', method: 'POST' }),
      invalidatesTags: ['Usage', 'Billing', 'Plans'],
    }),
  }),
});

export const { useGetPlansQuery, useGetPackagesQuery, useGetBillingQuery, useActivateFreePlanMutation } =
  billingApi;
