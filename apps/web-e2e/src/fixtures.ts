// `test` with the stack global setup started: `baseURL` points at it and `mailbox` reads the mails
// its SMTP sink received.
import { expect, type Page, test as base } from '@playwright/test';
import { type ReceivedMail } from './smtp-sink';
import { fromSetup, STACK_ENV } from './stack-env';

/** The verification link of the sign-up mail. */
export const VERIFY_LINK = /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?token=[\w-]+/;

/**
 * A new owner (`<prefix>-<time>@olive.example`) registered over the API, verified from the mail and signed
 * in through the login page; the welcome overlay is marked seen. The journeys start here.
 */
export async function signUpAndSignIn(page: Page, mailbox: Mailbox, prefix: string): Promise<void> {
  const email = `${prefix}-${Date.now()}@olive.example`;
  const password = 'Tq8#vLw2!xZ';
  const registered = await page.request.post('/api/auth/register', { data: { email, password } });
  expect(registered.status()).toBe(201);
  await page.request.get(await mailbox.linkFor(email, VERIFY_LINK));
  await page.addInitScript({ content: "localStorage.setItem('parley.welcomeSeen', 'true')" });
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-menu-name')).toBeVisible();
}

/**
 * The business setup the test chat needs, saved over the API. With the session cookie, the gateway takes a
 * state-changing request only from our own origin, as the web app's own fetch would send it.
 */
export async function completeBusinessSetup(page: Page): Promise<void> {
  const saved = await page.request.put('/api/ai-config', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      companyName: 'Olive & Thread',
      companyDescription: 'Outdoor shoes, bags and kitchenware, shipped from Valencia.',
    },
  });
  expect(saved.status()).toBe(200);
}

export interface Mailbox {
  /** The first link matching `pattern` in the newest mail to `to`, waiting up to 10 s for it. */
  linkFor(to: string, pattern: RegExp): Promise<string>;
}

export const test = base.extend<{ mailbox: Mailbox }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(fromSetup(STACK_ENV.baseUrl));
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  mailbox: async ({}, use) => {
    const inbox = fromSetup(STACK_ENV.inboxUrl);
    const newestLink = async (to: string, pattern: RegExp) => {
      const res = await fetch(`${inbox}/mails?to=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as ReceivedMail[];
      return pattern.exec(mails.at(-1)?.text ?? '')?.[0];
    };
    await use({
      async linkFor(to, pattern) {
        let link: string | undefined;
        await expect
          .poll(async () => (link = await newestLink(to, pattern)), {
            message: `a mail to ${to} with a link like ${pattern}`,
            timeout: 10_000,
          })
          .toBeDefined();
        if (!link) throw new Error(`no mail to ${to} with a link like ${pattern}`);
        return link;
      },
    });
  },
});

export { expect };
