import type en from '../../locales/en/translation.json';

export type PlanId = keyof (typeof en)['landing']['pricing']['plans'];
export type PlanFeature = keyof (typeof en)['landing']['pricing']['features'];

export interface LandingPlan {
  id: PlanId;
  /** US dollars per month; null when priced per customer. */
  monthlyPrice: number | null;
  /** Chat sessions per month; null when unlimited. */
  chatSessions: number | null;
  features: readonly PlanFeature[];
  popular: boolean;
}

/** The plans shown to visitors (spec 000 §9). The in-app plan catalogue is worded differently. */
export const LANDING_PLANS: readonly LandingPlan[] = [
  {
    id: 'free',
    monthlyPrice: 0,
    chatSessions: 50,
    features: ['basicAnalytics', 'emailSupport'],
    popular: false,
  },
  {
    id: 'basic',
    monthlyPrice: 19,
    chatSessions: 300,
    features: ['advancedAnalytics', 'prioritySupport', 'leadManagement'],
    popular: false,
  },
  {
    id: 'pro',
    monthlyPrice: 49,
    chatSessions: 1000,
    features: ['premiumAnalytics', 'support24x7', 'advancedIntegrations', 'customBranding'],
    popular: true,
  },
  {
    id: 'enterprise',
    monthlyPrice: null,
    chatSessions: null,
    features: ['customAnalytics', 'dedicatedSupport', 'apiAccess', 'onPremise'],
    popular: false,
  },
];

export function checkoutPath(plan: PlanId): string {
  return `/checkout?package=${plan}`;
}
