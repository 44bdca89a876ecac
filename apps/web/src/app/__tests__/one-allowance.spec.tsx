import { planMonthlyApiCalls } from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import { json } from '../../test/fake-api';
import { configuredShop } from '../../test/fixtures/ai-config';
import { PLANS } from '../../test/fixtures/billing';
import { aUsage } from '../../test/fixtures/usage';
import { renderSignedIn, renderSignedOut } from '../../test/render-app';
import { WELCOME_SEEN_KEY } from '../../features/dashboard/components/WelcomeOverlay';
import { type Language, LANGUAGE_STORAGE_KEY } from '../../features/language';
import { createI18n } from '../../features/language/i18n';

/** The Free plan's monthly calls: the one figure the contract holds, not a literal per screen. */
const FREE_CALLS = planMonthlyApiCalls('free') ?? 0;
/** GET /api/usage of a new account: on Free with the Free plan's calls, nothing used (issue #29). */
const NEW_ACCOUNT = aUsage(0, FREE_CALLS, 'free');

const FREE_NAME: Record<Language, string> = { en: 'Free', ar: 'المجانية', es: 'Gratis' };

function inLanguage(language: Language) {
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
}

/** The landing page's Free card: the line that states its API calls, beside its chat sessions. */
async function landingFreeAllowance(language: Language): Promise<string> {
  inLanguage(language);
  renderSignedOut('/');
  const card = await screen.findByRole('article', { name: FREE_NAME[language] });
  return within(card).getByTestId('landing-free-allowance').textContent ?? '';
}

async function pricingFreeAllowance(language: Language): Promise<string> {
  inLanguage(language);
  renderSignedIn('/pricing', undefined, {
    'GET /api/plans': () => json(200, PLANS),
    'GET /api/usage': () => json(200, NEW_ACCOUNT),
  });
  return (await screen.findByTestId('pricing-allowance-free')).textContent ?? '';
}

async function dashboardFreeLine(language: Language): Promise<string> {
  inLanguage(language);
  window.localStorage.setItem(WELCOME_SEEN_KEY, 'true');
  renderSignedIn('/', undefined, {
    'GET /api/ai-config': () => json(200, configuredShop),
    'GET /api/usage': () => json(200, NEW_ACCOUNT),
  });
  // The dashboard is the heaviest page: on a busy 2-core runner it can take longer than the 5 s default.
  return (await screen.findByTestId('usage-free-plan', {}, { timeout: 10_000 })).textContent ?? '';
}

/** How the Free plan's allowance reads in `language`: one text, the same on every screen. */
const stated = (language: Language) => createI18n(language).t('plans.apiCalls', { count: FREE_CALLS });

describe("one free allowance: the landing, pricing and dashboard state the Free plan's calls alike", () => {
  it('reads "100 API calls per month" in English, and is translated in Spanish and Arabic', () => {
    expect(stated('en')).toBe(`${FREE_CALLS} API calls per month`);
    expect(stated('es')).toContain('llamadas a la API');
    expect(stated('ar')).toContain('واجهة API');
  });

  describe.each(['en', 'es', 'ar'] as const)('in %s', (language) => {
    it('the landing card states it beside its chat sessions', async () => {
      expect(await landingFreeAllowance(language)).toBe(stated(language));
    });

    it('the pricing card states it', async () => {
      expect(await pricingFreeAllowance(language)).toBe(stated(language));
    });

    it("the dashboard of a new account states it as the Free plan's, and counts in the same unit", async () => {
      expect(await dashboardFreeLine(language)).toContain(stated(language));
    });
  });

  it('the landing says how its chat sessions relate to API calls', async () => {
    await landingFreeAllowance('en');
    const note = screen.getByTestId('landing-sessions-note');
    expect(note).toHaveTextContent(/A chat session is one conversation with a customer/);
    expect(note).toHaveTextContent(/each AI reply in it uses one API call/);
  });

  it('pricing says what one API call is', async () => {
    await pricingFreeAllowance('en');
    expect(screen.getByTestId('pricing-api-call-note')).toHaveTextContent(
      'One API call is one AI response to a customer, or one answer in the agent test chat.',
    );
  });

  it('the usage card of a new account counts the same calls', async () => {
    await dashboardFreeLine('en');
    expect(await screen.findByTestId('usage-text')).toHaveTextContent(`0 of ${FREE_CALLS} API calls used`);
  });
});
