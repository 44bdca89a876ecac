// The conversation inbox in a browser (issue #20), at a desktop and a phone width, in English and Arabic:
// a simulated message appears at the top of /inbox live → the owner opens it (it is marked read), replies
// (saved, not delivered: the customer is simulated), pauses the AI, closes the conversation → a second
// message reopens it. A long message is clamped with Show more and nothing is wider than the screen.
// Each step's screenshot is attached to the run (tmp/e2e/report, and tmp/e2e/test-results).
import { type Locator, type Page, type TestInfo } from '@playwright/test';
import { completeBusinessSetup, expect, signUpAndSignIn, test } from './fixtures';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The few sentences the journey reads, in each language (the rest goes by test id). */
const TEXTS = {
  en: {
    replySent: 'Reply sent.',
    closed: 'Conversation closed.',
    showMore: 'Show more',
  },
  ar: {
    replySent: 'تم إرسال الرد.',
    closed: 'أُغلقت المحادثة.',
    showMore: 'عرض المزيد',
  },
} as const;

type Language = keyof typeof TEXTS;

/** A customer writes on Instagram through POST /api/simulate-message, as Simulate Message does. */
async function customerWrites(page: Page, customer: { name: string; username: string }, content: string) {
  const answer = await page.request.post('/api/simulate-message', {
    headers: { origin: new URL(page.url()).origin },
    data: { platform: 'instagram', senderName: customer.name, platformUsername: customer.username, content },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

async function shoot(page: Page, testInfo: TestInfo, step: string) {
  const path = testInfo.outputPath(`${step}.png`);
  await page.screenshot({ path });
  await testInfo.attach(step, { path, contentType: 'image/png' });
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function fitsTheScreen(page: Page) {
  // A string runs in the page (this project's types have no DOM).
  const overflow = Number(
    await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const outgoing = (thread: Locator) =>
  thread.locator('[data-testid="thread-message"][data-direction="outgoing"]');

for (const language of ['en', 'ar'] as const satisfies readonly Language[]) {
  for (const size of SIZES) {
    test(`inbox, ${language}, ${size.name} (${size.width}×${size.height})`, async ({
      page,
      mailbox,
    }, testInfo) => {
      const text = TEXTS[language];
      const phone = size.name === 'phone';
      const run = `${language}${size.name}${Date.now().toString(36)}`;
      const lena = { name: `Lena Park ${run}`, username: `lena.${run}` };
      const omar = { name: `Omar Haddad ${run}`, username: `omar.${run}` };
      const items = page.getByTestId('conversation-item');
      const thread = page.getByTestId('thread');

      await page.addInitScript({ content: `localStorage.setItem('parley.language', '${language}')` });
      // Signed in at a desktop width, where the sidebar (and its user menu) is in view; then the size.
      await signUpAndSignIn(page, mailbox, `inbox-${language}-${size.name}`);
      await completeBusinessSetup(page);
      // The agent answers at once, so that the thread shows its reply.
      const saved = await page.request.put('/api/ai-config', {
        headers: { origin: new URL(page.url()).origin },
        data: {
          companyName: 'Olive & Thread',
          companyDescription: 'Linen clothes from Valencia.',
          responseDelay: 0,
        },
      });
      expect(saved.status()).toBe(200);
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/inbox');
      await expect(page.getByTestId('inbox-empty')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');

      // Live, without a reload: each new conversation comes in at the top.
      const longText = `${'I would like to know more about your linen shirts and trousers. '.repeat(55)}${'x'.repeat(300)}`;
      await customerWrites(page, lena, longText);
      await expect(items.first().getByTestId('conversation-name')).toHaveText(lena.name);
      await customerWrites(page, omar, 'Good morning? Do you ship to Spain?');
      await expect(items.first().getByTestId('conversation-name')).toHaveText(omar.name);
      await expect(items.first().getByTestId('conversation-unread')).toBeVisible();
      await fitsTheScreen(page);
      await shoot(page, testInfo, '01-new-message-on-top');

      // Open it: marked read; the agent's answer shows; English keeps its own direction in Arabic.
      await items.first().click();
      await expect(page).toHaveURL(/\/inbox\?customer=/);
      await expect(thread.getByTestId('thread-customer-name')).toHaveText(omar.name);
      await expect(outgoing(thread)).toHaveCount(1, { timeout: 30_000 });
      const question = thread.getByTestId('thread-message-content').first().locator('[dir="auto"]');
      await expect(question).toHaveText('Good morning? Do you ship to Spain?');
      await expect(question).toHaveCSS('direction', 'ltr');
      if (!phone) await expect(items.first().getByTestId('conversation-unread')).toHaveCount(0);
      await fitsTheScreen(page);
      await shoot(page, testInfo, '02-thread');

      // Reply with Enter: the customer is simulated, so the reply says it was not delivered, and nothing
      // says "Reply sent.".
      const replyBox = page.getByTestId('thread-reply-input');
      await replyBox.fill('Yes, we ship to Spain in 3 days.');
      await replyBox.press('Enter');
      await expect(page.getByText(text.replySent, { exact: true })).toHaveCount(0);
      const reply = outgoing(thread).filter({ hasText: 'Yes, we ship to Spain in 3 days.' });
      await expect(reply.getByTestId('thread-message-undelivered')).toBeVisible();
      await expect(replyBox).toHaveValue('');
      // A person answered: the AI leaves this customer alone.
      const aiSwitch = page.getByTestId('thread-ai-switch');
      await expect(aiSwitch).toHaveAttribute('aria-checked', 'false');
      await shoot(page, testInfo, '03-replied');

      // Resume the AI, then pause it again with the switch.
      await aiSwitch.click();
      await expect(aiSwitch).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByTestId('thread-ai-paused')).toHaveCount(0);
      await aiSwitch.click();
      await expect(aiSwitch).toHaveAttribute('aria-checked', 'false');
      await expect(page.getByTestId('thread-ai-paused')).toBeVisible();
      await shoot(page, testInfo, '04-ai-paused');

      // Close it: it leaves the open conversations; the thread offers Reopen.
      await page.getByTestId('thread-close').click();
      await expect(page.getByText(text.closed, { exact: true })).toBeVisible();
      await expect(page.getByTestId('thread-reopen')).toBeVisible();
      if (!phone) await expect(items.filter({ hasText: omar.name })).toHaveCount(0);
      await shoot(page, testInfo, '05-closed');

      // A new message from the customer reopens it, live.
      await customerWrites(page, omar, 'Are you there?');
      await expect(page.getByTestId('thread-close')).toBeVisible();
      await expect(thread.getByTestId('thread-message').filter({ hasText: 'Are you there?' })).toBeVisible();
      if (phone) await page.getByTestId('thread-back').click();
      await expect(items.first().getByTestId('conversation-name')).toHaveText(omar.name);
      await shoot(page, testInfo, '06-reopened');

      // A long message is clamped with Show more, and stays inside the screen.
      await items.filter({ hasText: lena.name }).click();
      const long = thread.getByTestId('thread-message').first();
      await expect(long.getByRole('button', { name: text.showMore })).toBeVisible();
      expect((await long.boundingBox())?.height ?? 0).toBeLessThan(400);
      await fitsTheScreen(page);
      await shoot(page, testInfo, '07-long-message');

      // Another customer writes while this thread is open: the popup keeps above the reply box.
      await customerWrites(page, omar, 'One more thing: do you have it in blue?');
      await expect(page.getByTestId('realtime-popup').filter({ hasText: omar.name })).toBeVisible();
      await expect
        .poll(async () => {
          const box = await page.getByTestId('thread-reply').boundingBox();
          const bottoms = await page
            .locator('.ant-notification-notice')
            .evaluateAll((notices) => notices.map((notice) => notice.getBoundingClientRect().bottom));
          return box && bottoms.length > 0 ? box.y - Math.max(...bottoms) : -1;
        })
        .toBeGreaterThanOrEqual(0);
      await shoot(page, testInfo, '07-notice-above-the-reply-box');

      // The contact panel: beside the thread on a desktop, a pane of its own on a phone.
      if (phone) await page.getByTestId('thread-contact-toggle').click();
      await expect(page.getByTestId('contact-name')).toHaveValue(lena.name);
      await fitsTheScreen(page);
      await shoot(page, testInfo, '08-contact');
    });
  }
}
