// The core loop in a browser (issue 4): sign in → business setup → simulate a message → the AI reply
// appears in /messages without a reload → change the customer's stage → the dashboard's numbers change.
import { expect, signUpAndSignIn, test } from './fixtures';

test.describe('core loop', () => {
  test('business setup, a simulated message answered live, a stage change seen on the dashboard', async ({
    page,
    mailbox,
  }) => {
    const totalMessages = page.getByTestId('stat-total-messages-value');
    const conversionRate = page.getByTestId('stat-conversion-rate-value');
    await signUpAndSignIn(page, mailbox, 'loop');

    await page.goto('/business-setup');
    await page.getByTestId('business-company-name').fill('Olive & Thread');
    await page
      .getByTestId('business-company-description')
      .fill('Handmade linen clothes, shipped from Valencia.');
    await page.getByTestId('business-setup-submit').click();
    await expect(page).toHaveURL((url) => url.pathname === '/' || url.pathname === '/dashboard');
    // Answer at once, so the test sees the reply arrive. With the session cookie, the gateway takes a
    // state-changing request only from our own origin, as the web app's own fetch would send it.
    const saved = await page.request.put('/api/ai-config', {
      headers: { origin: new URL(page.url()).origin },
      data: {
        companyName: 'Olive & Thread',
        companyDescription: 'Handmade linen clothes, shipped from Valencia.',
        responseDelay: 0,
      },
    });
    expect(saved.status()).toBe(200);
    await expect(page.getByTestId('stat-total-messages')).toBeVisible();
    const totalBefore = (await totalMessages.innerText()).trim();
    const conversionBefore = (await conversionRate.innerText()).trim();

    await page.goto('/messages');
    await page.getByTestId('simulate-open').click();
    // Nothing is connected: the form gives no platform of its own (docs/inbox.md, "Test data").
    await page.getByTestId('simulate-platform').click();
    await page.locator('.ant-select-item-option', { hasText: 'Instagram' }).click();
    await page.getByTestId('simulate-sender-name').fill('María García');
    await page.getByTestId('simulate-platform-username').fill('maria.g');
    await page.getByTestId('simulate-content').fill('Hi! I want to buy two linen shirts, how do I order?');
    await page.getByTestId('simulate-submit').click();

    // No reload: the reply arrives through /ws and the list refreshes itself.
    const aiReply = page.getByTestId('message-label').filter({ hasText: 'AI Response' });
    await expect(aiReply.first()).toBeVisible({ timeout: 15_000 });

    await page.goto('/customers');
    const row = page.getByTestId('customer-row').filter({ hasText: 'María García' });
    await row.getByTestId('customer-view').click();
    await page.getByTestId('customer-stage-select').click();
    await page.locator('.ant-select-item-option', { hasText: /converted/i }).click();
    await expect(page.getByText('Customer updated successfully.')).toBeVisible();

    await page.goto('/');
    await expect(page.getByTestId('stat-total-messages')).toBeVisible();
    await expect(totalMessages).not.toHaveText(totalBefore, { useInnerText: true });
    await expect(conversionRate).not.toHaveText(conversionBefore, { useInnerText: true });
  });
});
