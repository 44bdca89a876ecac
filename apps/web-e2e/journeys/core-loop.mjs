// The core loop in a browser (issue 4): sign in → business setup → simulate a message → the AI reply
// appears in /messages without a reload → change the customer's stage → the dashboard's numbers change.
import assert from 'node:assert/strict';

const VERIFY_LINK = /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?token=[\w-]+/;

async function signIn(page, smtp) {
  const email = `loop-${Date.now()}@olive.example`;
  const password = 'Tq8#vLw2!xZ';
  const registered = await page.request.post('/api/auth/register', { data: { email, password } });
  assert.equal(registered.status(), 201);
  await page.request.get(await smtp.linkFor(email, VERIFY_LINK));
  await page.addInitScript(() => localStorage.setItem('parley.welcomeSeen', 'true'));
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu-name').waitFor();
}

async function statValue(page, id) {
  return (await page.getByTestId(`stat-${id}-value`).innerText()).trim();
}

export const journeys = {
  async 'business setup, a simulated message answered live, a stage change seen on the dashboard'({
    page,
    smtp,
  }) {
    await signIn(page, smtp);

    await page.goto('/business-setup');
    await page.getByTestId('business-company-name').fill('Olive & Thread');
    await page
      .getByTestId('business-company-description')
      .fill('Handmade linen clothes, shipped from Valencia.');
    await page.getByTestId('business-setup-submit').click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');
    // Answer at once, so the journey sees the reply arrive.
    const saved = await page.request.put('/api/ai-config', {
      data: {
        companyName: 'Olive & Thread',
        companyDescription: 'Handmade linen clothes, shipped from Valencia.',
        responseDelay: 0,
      },
    });
    assert.equal(saved.status(), 200);
    await page.getByTestId('stat-total-messages').waitFor();
    const totalBefore = await statValue(page, 'total-messages');
    const conversionBefore = await statValue(page, 'conversion-rate');

    await page.goto('/messages');
    await page.getByTestId('simulate-open').click();
    await page.getByTestId('simulate-sender-name').fill('María García');
    await page.getByTestId('simulate-platform-username').fill('maria.g');
    await page.getByTestId('simulate-content').fill('Hi! I want to buy two linen shirts, how do I order?');
    await page.getByTestId('simulate-submit').click();

    // No reload: the reply arrives through /ws and the list refreshes itself.
    const aiReply = page.locator(
      '[data-testid="message-label"][data-label="ai"], [data-testid="message-label"]',
      { hasText: 'AI Response' },
    );
    await aiReply.first().waitFor({ timeout: 15_000 });

    await page.goto('/customers');
    const row = page.getByTestId('customer-row').filter({ hasText: 'María García' });
    await row.getByTestId('customer-view').click();
    await page.getByTestId('customer-stage-select').click();
    await page.locator('.ant-select-item-option', { hasText: /converted/i }).click();
    await page.getByText('Customer updated successfully.').waitFor();

    await page.goto('/');
    await page.getByTestId('stat-total-messages').waitFor();
    await page.waitForFunction(
      ([before]) =>
        document.querySelector('[data-testid="stat-total-messages-value"]')?.textContent?.trim() !== before,
      [totalBefore],
    );
    assert.notEqual(await statValue(page, 'total-messages'), totalBefore);
    assert.notEqual(await statValue(page, 'conversion-rate'), conversionBefore);
  },
};
