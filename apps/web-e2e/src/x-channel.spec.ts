// X (Twitter) direct messages in a browser (issue #32), against the local fake X that global setup
// starts: connect X through the wizard (the fake's OAuth 2.0 page approves at once; PKCE and the state
// are checked on the way) → a signed Account Activity webhook brings a customer's DM into /messages live
// → the AI's reply reaches the fake's DM API → the thread says X has no 24-hour window. Screenshots at a
// desktop width in English and a phone width in Arabic.
import { type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { completeBusinessSetup, expect, signUpAndSignIn, test } from './fixtures';
import { fromSetup, STACK_ENV } from './stack-env';

interface SentDm {
  participantId: string;
  text: string;
  dmEventId: string;
}

async function shoot(page: Page, testInfo: TestInfo, step: string) {
  const path = testInfo.outputPath(`${step}.png`);
  await page.screenshot({ path });
  await testInfo.attach(step, { path, contentType: 'image/png' });
}

/** A customer's DM to the connected X account, signed and posted by the fake as X would. */
async function customerWrites(request: APIRequestContext, userId: string, text: string): Promise<void> {
  const answer = await request.post(`${fromSetup(STACK_ENV.fakeXUrl)}/_fake/dm`, {
    data: { from: { id: userId, name: 'Jordan Brinks', screen_name: 'jordanb' }, text },
  });
  expect(answer.ok()).toBe(true);
}

async function sentTo(request: APIRequestContext, userId: string): Promise<SentDm[]> {
  const sent = (await (await request.get(`${fromSetup(STACK_ENV.fakeXUrl)}/_fake/sent`)).json()) as SentDm[];
  return sent.filter((dm) => dm.participantId === userId);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = Number(
    await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('X channel', () => {
  test('connect X, hear a customer live, and deliver the AI reply', async ({ page, mailbox }, testInfo) => {
    // Signs up, connects, waits for the AI's reply, then looks again in Arabic on a phone: one long journey.
    test.slow();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpAndSignIn(page, mailbox, 'xchannel');
    await completeBusinessSetup(page);
    const saved = await page.request.put('/api/ai-config', {
      headers: { origin: new URL(page.url()).origin },
      data: {
        companyName: 'Olive & Thread',
        companyDescription: 'Outdoor shoes and bags.',
        responseDelay: 0,
      },
    });
    expect(saved.status()).toBe(200);

    await page.goto('/setup/twitter');
    await expect(page.getByTestId('wizard-window-note')).toContainText('X has no 24-hour window');
    await shoot(page, testInfo, 'x-01-overview-en-desktop');
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('wizard-connect')).toBeEnabled();
    await shoot(page, testInfo, 'x-02-connect-en-desktop');
    await page.getByTestId('wizard-connect').click();
    // X's authorisation page (the fake's, approving at once) → the callback → back on the dashboard.
    await expect(page.getByText('Twitter connected successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('[data-testid="platform-status-row"][data-platform="twitter"]')).toContainText(
      'Connected',
    );

    await page.goto('/social-integrations');
    const card = page.locator('[data-testid="integration-card"][data-platform="twitter"]');
    await expect(card).toHaveAttribute('data-active', 'true');
    await expect(card.getByTestId('integration-pages')).toContainText('@parleyshop');
    await shoot(page, testInfo, 'x-03-integrations-en-desktop');

    await page.goto('/messages');
    const customer = `28${Date.now()}`;
    await customerWrites(page.request, customer, 'Hi! Do you ship to Porto?');
    // Live over /ws: no reload.
    const message = page.getByTestId('message-card').filter({ hasText: 'Do you ship to Porto?' });
    await expect(message).toBeVisible();
    await expect(message).toContainText('Jordan Brinks');

    await expect.poll(async () => (await sentTo(page.request, customer)).length, { timeout: 30_000 }).toBe(1);
    await message.getByTestId('message-view-thread').click();
    const [dm] = await sentTo(page.request, customer);
    const reply = page
      .getByTestId('thread-message')
      .filter({ hasText: dm.text.slice(0, 20) })
      .last();
    await expect(reply.getByTestId('message-status')).toHaveAttribute('data-status', 'sent', {
      timeout: 20_000,
    });
    const window = page.getByTestId('thread-window');
    await expect(window).toHaveAttribute('data-state', 'open');
    await expect(window).toContainText('Twitter has no 24-hour window');
    await shoot(page, testInfo, 'x-04-thread-en-desktop');

    // The same thread in Arabic on a phone.
    await page.evaluate("localStorage.setItem('parley.language', 'ar')");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('thread-window')).toContainText('نافذة 24 ساعة');
    await noSidewaysScroll(page);
    await shoot(page, testInfo, 'x-05-thread-ar-phone');

    await page.goto('/setup/twitter');
    await noSidewaysScroll(page);
    await shoot(page, testInfo, 'x-06-wizard-ar-phone');

    await page.goto('/social-media');
    await expect(page.locator('[data-platform="twitter"]').first()).toBeVisible();
    await noSidewaysScroll(page);
    await shoot(page, testInfo, 'x-07-social-panel-ar-phone');
  });
});
