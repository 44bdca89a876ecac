// The public landing page and the language switch (issue 2; plans from spec 000 §9).
import { expect, test } from './fixtures';

test.describe('landing', () => {
  test('the landing page renders with the plans and prices of the spec', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /log ?in/i }).first()).toBeVisible();

    const pricing = page.locator('#pricing');
    for (const [plan, price, sessions] of [
      ['Free', '$0', '50'],
      ['Basic', '$19', '300'],
      ['Pro', '$49', '1,000'],
      ['Enterprise', 'Custom', 'Unlimited'],
    ]) {
      const card = pricing.getByRole('article', { name: plan, exact: true });
      await expect(card, `${plan} shows ${price}`).toContainText(price, { useInnerText: true });
      await expect(card, `${plan} shows ${sessions} chat sessions`).toContainText(sessions, {
        useInnerText: true,
      });
    }
    await expect(pricing).toContainText('Most Popular', { useInnerText: true });
    for (const [name, plan] of [
      ['Choose Basic', 'basic'],
      ['Choose Pro', 'pro'],
      ['Contact Sales', 'enterprise'],
    ]) {
      await expect(pricing.getByRole('link', { name })).toHaveAttribute('href', `/checkout?package=${plan}`);
    }
    await expect(page.locator('footer')).toContainText('2024', { useInnerText: true });
  });

  test('switching to Arabic flips the page right-to-left and survives a reload', async ({ page }) => {
    const html = page.locator('html');
    await page.goto('/');
    await page.getByTestId('language-switch').getByText('العربية').click();
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');

    await page.reload();
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');

    await page.getByTestId('language-switch').getByText('English').click();
    await expect(html).toHaveAttribute('dir', 'ltr');
  });
});
