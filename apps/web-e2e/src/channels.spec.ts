// Meta channels in a browser (issue #19), against the local fake Meta that global setup starts: connect
// Facebook through the wizard (the fake's OAuth dialog approves at once) → a signed Messenger webhook
// brings a customer's message into /messages live → the AI's reply reaches the fake's send API → the
// thread shows it delivered, then read (the fake posts Meta's delivery and read webhooks after a send).
// Then WhatsApp: a day and a half after a customer wrote, only an approved template may go; the owner
// sends one from the thread (screenshots at a desktop width in English and a phone width in Arabic).
// Last, WhatsApp's access in its last week: the warning on Integrations and the dashboard, Reconnect
// renewing it, and Send Message once Meta refuses the access.
import { type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import pg from 'pg';
import { completeBusinessSetup, expect, signUpAndSignIn, test } from './fixtures';
import { fromSetup, STACK_ENV } from './stack-env';

const PAGE_ID = '20001'; // the fake's default page, "Kestrel Test Page"

const WABA_ID = '40001'; // the fake's default WhatsApp Business account and number
const PHONE_ID = '50001';

interface SentMessage {
  pageId: string;
  recipientId: string;
  text: string;
  template?: { name: string; language: string; parameters: string[] };
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

/** A WhatsApp text from `waId` to the number, signed and posted by the fake as Meta would. */
async function whatsappCustomerWrites(request: APIRequestContext, waId: string, name: string, text: string) {
  const answer = await request.post(`${fromSetup(STACK_ENV.fakeMetaUrl)}/_fake/webhook`, {
    data: {
      payload: {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: WABA_ID,
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '15550100', phone_number_id: PHONE_ID },
                  contacts: [{ profile: { name }, wa_id: waId }],
                  messages: [
                    {
                      from: waId,
                      id: `wamid.e2e${Date.now()}`,
                      timestamp: String(Math.floor(Date.now() / 1000)),
                      type: 'text',
                      text: { body: text },
                    },
                  ],
                },
              },
            ],
          },
        ],
      },
    },
  });
  expect(answer.ok()).toBe(true);
}

/** The customer last wrote 30 hours ago, on both sides of the stack (the inbox, and the check before a send). */
async function thirtyHoursLater(waId: string): Promise<void> {
  const db = new pg.Client({ connectionString: fromSetup(STACK_ENV.databaseUrl) });
  await db.connect();
  try {
    await db.query(
      `update messaging_service.conversations v set last_inbound_at = now() - interval '30 hours'
         from messaging_service.customers c
        where v.customer_id = c.id and c.platform = 'whatsapp' and c.platform_username = $1`,
      [waId],
    );
    await db.query(
      `update integrations_service.contacts set last_inbound_at = now() - interval '30 hours' where user_id = $1`,
      [waId],
    );
  } finally {
    await db.end();
  }
}

/** Runs one statement on the stack's database. */
async function onDatabase(text: string, values: unknown[]): Promise<void> {
  const db = new pg.Client({ connectionString: fromSetup(STACK_ENV.databaseUrl) });
  await db.connect();
  try {
    await db.query(text, values);
  } finally {
    await db.end();
  }
}

/**
 * The fake Meta has one WhatsApp number, and a number belongs to one Parley account at a time: the
 * template journey's account lets go of it.
 */
async function freeTheWhatsAppNumber(): Promise<void> {
  await onDatabase(`delete from integrations_service.pages where platform = 'whatsapp' and page_id = $1`, [
    PHONE_ID,
  ]);
}

/** The owner's WhatsApp access (their 60-day user token) ends in `days` days. */
async function whatsappAccessEndsIn(ownerId: string, days: number): Promise<void> {
  await onDatabase(
    `update integrations_service.integrations set token_expires_at = now() + make_interval(days => $2)
      where owner_id = $1 and platform = 'whatsapp'`,
    [ownerId, days],
  );
}

async function shoot(page: Page, testInfo: TestInfo, step: string) {
  const path = testInfo.outputPath(`${step}.png`);
  await page.screenshot({ path });
  await testInfo.attach(step, { path, contentType: 'image/png' });
}

async function sentTo(request: APIRequestContext, psid: string): Promise<SentMessage[]> {
  const sent = (await (
    await request.get(`${fromSetup(STACK_ENV.fakeMetaUrl)}/_fake/sent`)
  ).json()) as SentMessage[];
  return sent.filter((s) => s.recipientId === psid);
}

test.describe('Meta channels', () => {
  test('connect Facebook, hear a customer live, and deliver the AI reply', async ({ page, mailbox }) => {
    await signUpAndSignIn(page, mailbox, 'channels');
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
    const reply = page
      .getByTestId('thread-message')
      .filter({ hasNotText: 'Do you ship to Portugal?' })
      .last();
    // sent → delivered → read, from the fake's status webhooks, live.
    await expect(reply.getByTestId('message-status')).toHaveAttribute('data-status', /delivered|read/, {
      timeout: 20_000,
    });
    await expect(reply.getByTestId('message-status')).toHaveAttribute('data-status', 'read', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('thread-window')).toHaveAttribute('data-state', 'open');
  });

  test('WhatsApp after 24 hours: the owner sends an approved template from the thread', async ({
    page,
    mailbox,
  }, testInfo) => {
    await signUpAndSignIn(page, mailbox, 'templates');
    await completeBusinessSetup(page);
    await page.goto('/setup/whatsapp');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-connect').click();
    await expect(page.getByText('WhatsApp connected successfully.')).toBeVisible();

    const waId = `3460${Date.now().toString().slice(-7)}`;
    await page.goto('/inbox');
    await whatsappCustomerWrites(page.request, waId, 'Lucía Gil', '¿Mi pedido ya salió?');
    const conversation = page.getByTestId('conversation-item').filter({ hasText: 'Lucía Gil' });
    await expect(conversation).toBeVisible();
    await thirtyHoursLater(waId);
    await page.reload();
    await conversation.click();
    await expect(page.getByTestId('thread-window')).toHaveAttribute('data-state', 'template-only');
    await expect(page.getByTestId('thread-reply-input')).toBeDisabled();
    const button = page.getByTestId('thread-template');
    await expect(button).toHaveText('Send a template');
    await shoot(page, testInfo, 'template-01-only-a-template');

    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('template-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'order_update' }).click();
    const values = dialog.getByTestId('template-parameter');
    await values.nth(0).fill('Lucía');
    await values.nth(1).fill('#A-1042');
    await expect(dialog).toContainText('Hi Lucía, your order #A-1042 is on its way.');
    await shoot(page, testInfo, 'template-02-dialog-en-desktop');

    // The same dialog in Arabic on a phone.
    await page.evaluate("localStorage.setItem('parley.language', 'ar')");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('thread-template').click();
    await dialog.getByTestId('template-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'order_update' }).click();
    await dialog.getByTestId('template-parameter').nth(0).fill('Lucía');
    await dialog.getByTestId('template-parameter').nth(1).fill('#A-1042');
    await expect(dialog).toContainText('Hi Lucía, your order #A-1042 is on its way.');
    const overflow = Number(
      await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, testInfo, 'template-03-dialog-ar-phone');

    await dialog.getByTestId('template-send').click();
    await expect(dialog).toHaveCount(0);
    const sent = page
      .locator('[data-testid="thread-message"][data-direction="outgoing"]')
      .filter({ has: page.getByTestId('thread-message-template') });
    await expect(sent).toContainText('Hi Lucía, your order #A-1042 is on its way.');
    await expect(sent.getByTestId('message-status')).toHaveAttribute('data-status', /sent|delivered|read/, {
      timeout: 20_000,
    });
    await shoot(page, testInfo, 'template-04-sent-ar-phone');
    await expect
      .poll(async () => (await sentTo(page.request, waId)).find((m) => m.template)?.template, {
        timeout: 20_000,
      })
      .toEqual({ name: 'order_update', language: 'en_US', parameters: ['Lucía', '#A-1042'] });
  });

  test("WhatsApp's access in its last week: warned with the date, Reconnect renews it", async ({
    page,
    mailbox,
  }, testInfo) => {
    await signUpAndSignIn(page, mailbox, 'access');
    await freeTheWhatsAppNumber();
    await page.goto('/setup/whatsapp');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-connect').click();
    await expect(page.getByText('WhatsApp connected successfully.')).toBeVisible();
    const owner = (await (await page.request.get('/api/auth/me')).json()) as { id: string };

    const card = page.locator('[data-testid="integration-card"][data-platform="whatsapp"]');
    await page.goto('/social-integrations');
    await expect(card.getByTestId('integration-access-until')).toContainText('Access until');
    await expect(card.getByTestId('integration-access-ending')).toHaveCount(0);

    await whatsappAccessEndsIn(owner.id, 3);
    await page.reload();
    await expect(card.getByTestId('integration-access-ending')).toContainText("Meta ends Parley's access on");
    await shoot(page, testInfo, 'access-01-integrations-en-desktop');

    await page.evaluate("localStorage.setItem('parley.language', 'ar')");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    const row = page.locator('[data-testid="platform-status-row"][data-platform="whatsapp"]');
    await expect(row.getByTestId('platform-status-ending')).toContainText('ينتهي الوصول في');
    await row.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, 'access-02-dashboard-ar-phone');

    await page.evaluate("localStorage.setItem('parley.language', 'es')");
    await page.reload();
    await row.getByTestId('reconnect-link').click();
    await expect(page.getByTestId('platform-wizard')).toHaveAttribute('data-step', 'connect');
    await expect(page.getByTestId('wizard-access-ending')).toContainText('Meta termina el acceso de Parley');
    await shoot(page, testInfo, 'access-03-wizard-es-phone');
    await page.getByTestId('wizard-connect').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(row.getByTestId('platform-status-ending')).toHaveCount(0);
    await expect(row.getByTestId('reconnect-link')).toHaveCount(0);

    // Meta refuses the token (as a send would find out): Send Message has nothing to send with, and says why.
    await onDatabase(
      `update integrations_service.pages set token_rejected_at = now() where owner_id = $1 and platform = 'whatsapp'`,
      [owner.id],
    );
    await page.goto('/social-media');
    await page.getByRole('tab', { name: 'Enviar mensaje' }).click();
    await expect(page.getByTestId('send-message-reconnect')).toContainText('Meta ya no acepta el acceso');
    await expect(page.getByTestId('send-message-submit')).toBeDisabled();
    await shoot(page, testInfo, 'access-04-send-message-es-phone');
  });
});
