import { LANDING_PLANS } from './landing-plans';
import { isPlanId, PLAN_IDS } from './plan-ids';
import { planMonthlyApiCalls, PRICING_PLANS } from './pricing-plans';

describe('plans', () => {
  it('show Free, Basic, Pro and Enterprise on the landing page at $0 / $19 / $49 / custom', () => {
    expect(
      LANDING_PLANS.map(({ id, name, monthlyPriceUsd, chatSessionsPerMonth }) => [
        id,
        name,
        monthlyPriceUsd,
        chatSessionsPerMonth,
      ]),
    ).toEqual([
      ['free', 'Free', 0, 50],
      ['basic', 'Basic', 19, 300],
      ['pro', 'Pro', 49, 1000],
      ['enterprise', 'Enterprise', null, null],
    ]);
  });

  it('mark only Pro as most popular and only Enterprise as contact sales', () => {
    expect(LANDING_PLANS.filter((plan) => plan.popular).map((plan) => plan.id)).toEqual(['pro']);
    expect(LANDING_PLANS.filter((plan) => plan.contactSales).map((plan) => plan.id)).toEqual(['enterprise']);
    expect(PRICING_PLANS.filter((plan) => plan.popular).map((plan) => plan.id)).toEqual(['pro']);
  });

  it('list the landing features of each plan', () => {
    expect(LANDING_PLANS.find((plan) => plan.id === 'pro')?.features).toEqual([
      'premium_analytics',
      'support_24x7',
      'advanced_integrations',
      'custom_branding',
    ]);
    expect(LANDING_PLANS.find((plan) => plan.id === 'enterprise')?.features).toEqual([
      'custom_analytics',
      'dedicated_support',
      'api_access',
      'on_premise',
    ]);
  });

  it('price the in-app catalogue per month, Free activated directly, Basic and Pro by payment link', () => {
    expect(
      PRICING_PLANS.map(({ id, monthlyPriceUsd, aiResponsesPerMonth, checkout }) => [
        id,
        monthlyPriceUsd,
        aiResponsesPerMonth,
        checkout,
      ]),
    ).toEqual([
      ['free', 0, 100, 'activate'],
      ['basic', 19, 1000, 'payment_link'],
      ['pro', 49, 5000, 'payment_link'],
      ['enterprise', 199, null, 'contact_sales'],
    ]);
  });

  it("state each plan's API calls once: the landing cards carry the in-app catalogue's figure", () => {
    expect(LANDING_PLANS.map((plan) => [plan.id, plan.monthlyApiCalls])).toEqual(
      PRICING_PLANS.map((plan) => [plan.id, plan.aiResponsesPerMonth]),
    );
    expect(planMonthlyApiCalls('free')).toBe(100);
    // Every landing plan's calls cover its chat sessions.
    for (const plan of LANDING_PLANS)
      if (plan.chatSessionsPerMonth !== null)
        expect(plan.monthlyApiCalls ?? Infinity).toBeGreaterThanOrEqual(plan.chatSessionsPerMonth);
  });

  it('use the same four plan ids everywhere', () => {
    expect(LANDING_PLANS.map((plan) => plan.id)).toEqual(PLAN_IDS);
    expect(PRICING_PLANS.map((plan) => plan.id)).toEqual(PLAN_IDS);
    expect(isPlanId('pro')).toBe(true);
    expect(isPlanId('power')).toBe(false);
  });
});
