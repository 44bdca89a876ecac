// Meta channels in a browser (issue #19), against the local fake Meta that global setup starts: connect
// Facebook through the wizard (the fake's OAuth dialog approves at once) → a signed Messenger webhook
// brings a customer's message into /messages live → the AI's reply reaches the fake's send API → the
// thread shows it delivered, then read (the fake posts Meta's delivery and read webhooks after a send).
import { type APIRequestContext } from '@playwright/test';
import { completeBusinessSetup, expect, signUpAndSignIn, test } from './fixtures';
import { fromSetup, STACK_ENV } from './stack-env';

const PAGE_ID = '20001'; // the fake's default page, "Kestrel Test Page"

interface SentMessage {
  pageId: string;
  recipientId: string;
  text: string;
}

/** A Messenger text from customer `psid` to the page, signed and posted by the fake as Meta would. */
async function customerWrites(request: APIRequestContext, psid: string, text: string): Promise<void> {
  const timestamp = Date.now();
  const answer = await request.post(`${fromSetup(STACK_ENV.fakeMetaUrl)}/_fake/webhook`, {
    data: {
      payload: {
        object: 'page',
        entry: [
          {
            id: PAGE_ID,
            time: timestamp,
            messaging: [
              {
                sender: { id: psid },
                recipient: { id: PAGE_ID },
                timestamp,
                message: { mid: `m_e2e_${timestamp}`, text },
              },
            ],
          },
        ],
      },
    },
  });
  expect(answer.ok()).toBe(true);
}

async function sentTo(request: APIRequestContext, psid: string): Promise<SentMessage[]> {
  const sent = (await (await request.get(`${fromSetup(STACK_ENV.fakeMetaUrl)}/_fake/sent`)).json()) as SentMessage[];
  return sent.filter((s) => s.recipientId === psid);
}

test.describe('Meta channels', () => {
  test('connect Facebook, hear a customer live, and deliver the AI reply', async ({ page, mailbox }) => {
    await signUpAndSignIn(page, mailbox, 'channels');
    await completeBusinessSetup(page);
    const saved = await page.request.put('/api/ai-config', {
      headers: { origin: new URL(page.url()).origin },
      data: { companyName: 'Olive & Thread', companyDescription: 'Outdoor shoes and bags.', responseDelay: 0 },
    });
    expect(saved.status()).toBe(200);

    await page.goto('/setup/facebook');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-connect').click();
    // Meta's dialog (the fake's, approving at once) → the callback → back on the dashboard.
    await expect(page.getByText('Facebook connected successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('[data-testid="platform-status-row"][data-platform="facebook"]')).toContainText(
      'Connected',
    );

    await page.goto('/social-integrations');
    const card = page.locator('[data-testid="integration-card"][data-platform="facebook"]');
    await expect(card).toHaveAttribute('data-active', 'true');
    await expect(card.getByTestId('integration-pages')).toContainText('Kestrel Test Page');

    await page.goto('/messages');
    const psid = `7${Date.now()}`;
    await customerWrites(page.request, psid, 'Hi! Do you ship to Portugal?');
    // Live over /ws: no reload.
    const card1 = page.getByTestId('message-card').filter({ hasText: 'Do you ship to Portugal?' });
    await expect(card1).toBeVisible();

    await expect.poll(async () => (await sentTo(page.request, psid)).length, { timeout: 30_000 }).toBe(1);

    await card1.getByTestId('message-view-thread').click();
    const reply = page.getByTestId('thread-message').filter({ hasNotText: 'Do you ship to Portugal?' }).last();
    // sent → delivered → read, from the fake's status webhooks, live.
    await expect(reply.getByTestId('message-status')).toHaveAttribute('data-status', /delivered|read/, {
      timeout: 20_000,
    });
    await expect(reply.getByTestId('message-status')).toHaveAttribute('data-status', 'read', { timeout: 20_000 });
    await expect(page.getByTestId('thread-window')).toHaveAttribute('data-state', 'open');
  });
});
