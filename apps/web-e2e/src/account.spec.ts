// Accounts end to end (issue 3): sign up → open the mail → verify → sign in → the shell knows the
// user → Arabic, right to left → sign out.
import { expect, test, VERIFY_LINK } from './fixtures';

test.describe('account', () => {
  test('register, verify from the mail, sign in, switch to Arabic, sign out', async ({ page, mailbox }) => {
    const email = `shop-${Date.now()}@olive.example`;
    const password = 'Tq8#vLw2!xZ';
    const html = page.locator('html');

    await page.goto('/register');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-confirm').fill(password);
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/\/verify-email\?email=/);

    await page.goto(await mailbox.linkFor(email, VERIFY_LINK));
    await expect(page).toHaveURL(/\/verification-success/);
    await expect(page.getByText('Email Verified!')).toBeVisible();

    await page.goto('/login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    const name = page.getByTestId('user-menu-name');
    await expect(name).toHaveText(email.split('@')[0], { useInnerText: true });
    await expect(page.locator('body')).toContainText(email[0].toUpperCase(), { useInnerText: true });

    await page.getByTestId('language-switch').getByText('العربية').click();
    await expect(html).toHaveAttribute('dir', 'rtl');
    await page.reload();
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(name).toBeVisible();

    await page.getByTestId('logout-button').click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('link', { name: /تسجيل الدخول|log ?in/i }).first()).toBeVisible();
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
  });
});
