// Test data in a browser (issue 29, point 3): a simulated conversation is marked Test on every screen, its
// reply says it went nowhere, the sidebar's switch hides it from lists and figures, and Delete test data
// removes it while a customer added by hand stays.
import { expect, signUpAndSignIn, test } from './fixtures';

test.describe('test data', () => {
  test('marked, hidden by the switch, and deleted in one action', async ({ page, mailbox }) => {
    await signUpAndSignIn(page, mailbox, 'testdata');
    const origin = new URL(page.url()).origin;
    // Answer at once; and a real customer, added by hand, who must survive the deletion.
    const saved = await page.request.put('/api/ai-config', {
      headers: { origin },
      data: { companyName: 'Olive & Thread', companyDescription: 'Linen clothes.', responseDelay: 0 },
    });
    expect(saved.status()).toBe(200);
    const added = await page.request.post('/api/customers', {
      headers: { origin },
      data: { name: 'Walk-in Wanda', platform: 'facebook', platformUsername: 'wanda' },
    });
    expect(added.status()).toBe(201);

    // Nothing is connected: the simulator makes the owner choose the platform.
    await page.goto('/messages');
    await page.getByTestId('simulate-open').click();
    await expect(page.getByTestId('simulate-no-platform')).toBeVisible();
    await page.getByTestId('simulate-platform').click();
    await page.locator('.ant-select-item-option', { hasText: 'Instagram' }).click();
    await page.getByTestId('simulate-sender-name').fill('Tess Tester');
    await page.getByTestId('simulate-platform-username').fill('tess.t');
    await page.getByTestId('simulate-content').fill('Do you ship linen shirts to Porto?');
    await page.getByTestId('simulate-submit').click();

    const testCard = page.getByTestId('message-card').filter({ hasText: 'AI Response' });
    await expect(testCard.first()).toBeVisible({ timeout: 20_000 });
    await expect(testCard.first().getByTestId('test-badge')).toHaveText('Test');

    // The inbox: the conversation is marked, and the reply says it went nowhere.
    await page.goto('/inbox');
    const conversation = page.getByTestId('conversation-item').filter({ hasText: 'Tess Tester' });
    await expect(conversation.getByTestId('test-badge')).toBeVisible();
    await conversation.click();
    await expect(page.getByTestId('thread-header').getByTestId('test-badge')).toBeVisible();
    const reply = page.locator('[data-testid="thread-message"][data-direction="outgoing"]').first();
    await expect(reply).toHaveAttribute('data-status', 'simulated');
    await expect(reply.getByTestId('thread-message-undelivered')).toHaveText(
      'Test conversation: this reply was not sent anywhere.',
    );

    // The customers: Tess is Test, Wanda is not; the switch hides Tess.
    await page.goto('/customers');
    const tess = page.getByTestId('customer-row').filter({ hasText: 'Tess Tester' });
    const wanda = page.getByTestId('customer-row').filter({ hasText: 'Walk-in Wanda' });
    await expect(tess.getByTestId('test-badge')).toBeVisible();
    await expect(wanda).toBeVisible();
    await expect(wanda.getByTestId('test-badge')).toHaveCount(0);
    await page.getByTestId('test-data-switch').click();
    await expect(tess).toHaveCount(0);
    await expect(wanda).toBeVisible();
    await page.getByTestId('test-data-switch').click();
    await expect(tess).toBeVisible();

    // Delete test data: Tess and her messages go, Wanda stays.
    await page.goto('/messages');
    await page.getByTestId('test-data-delete').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(/Test data deleted: 1 customers, 2 messages, \d+ leads\./)).toBeVisible();
    await expect(page.getByTestId('message-card')).toHaveCount(0);
    await page.goto('/customers');
    await expect(wanda).toBeVisible();
    await expect(tess).toHaveCount(0);
  });
});
