// Accounts end to end (issue 3): sign up → open the mail → verify → sign in → the shell knows the
// user → Arabic, right to left → sign out.
import assert from 'node:assert/strict';

const VERIFY_LINK = /http:\/\/127\.0\.0\.1:\d+\/api\/auth\/verify-email\?token=[\w-]+/;

export const journeys = {
  async 'register, verify from the mail, sign in, switch to Arabic, sign out'({ page, smtp }) {
    const email = `shop-${Date.now()}@olive.example`;
    const password = 'Tq8#vLw2!xZ';

    await page.goto('/register');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-confirm').fill(password);
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/\/verify-email\?email=/);

    const link = await smtp.linkFor(email, VERIFY_LINK);
    await page.goto(link);
    await page.waitForURL(/\/verification-success/);
    await page.getByText('Email Verified!').waitFor();

    await page.goto('/login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/');
    const name = page.getByTestId('user-menu-name');
    await name.waitFor();
    assert.equal((await name.innerText()).trim(), email.split('@')[0]);
    assert.ok((await page.locator('body').innerText()).includes(email[0].toUpperCase()));

    await page.getByTestId('language-switch').getByText('العربية').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await name.waitFor();

    await page.getByTestId('logout-button').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByRole('link', { name: /تسجيل الدخول|log ?in/i })
      .first()
      .waitFor();
    const me = await page.request.get('/api/auth/me');
    assert.equal(me.status(), 401);
  },
};
