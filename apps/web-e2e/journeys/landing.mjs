// The public landing page and the language switch (issue 2; plans from spec 000 §9).
import assert from 'node:assert/strict';

export const journeys = {
  async 'the landing page renders with the plans and prices of the spec'({ page }) {
    await page.goto('/');
    await page
      .getByRole('link', { name: /log ?in/i })
      .first()
      .waitFor();
    const pricing = page.locator('#pricing');
    for (const [plan, price, sessions] of [
      ['Free', '$0', '50'],
      ['Basic', '$19', '300'],
      ['Pro', '$49', '1,000'],
      ['Enterprise', 'Custom', 'Unlimited'],
    ]) {
      const text = await pricing.getByRole('article', { name: plan, exact: true }).innerText();
      assert.ok(text.includes(price), `${plan} shows ${price}: ${text}`);
      assert.ok(text.includes(sessions), `${plan} shows ${sessions} chat sessions: ${text}`);
    }
    assert.ok((await pricing.innerText()).includes('Most Popular'));
    for (const [name, plan] of [
      ['Choose Basic', 'basic'],
      ['Choose Pro', 'pro'],
      ['Contact Sales', 'enterprise'],
    ]) {
      const href = await pricing.getByRole('link', { name }).getAttribute('href');
      assert.equal(href, `/checkout?package=${plan}`);
    }
    assert.ok((await page.locator('footer').innerText()).includes('2024'));
  },

  async 'switching to Arabic flips the page right-to-left and survives a reload'({ page }) {
    await page.goto('/');
    await page.getByTestId('language-switch').getByText('العربية').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    assert.equal(await page.getAttribute('html', 'lang'), 'ar');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    assert.equal(await page.getAttribute('html', 'lang'), 'ar');
    await page.getByTestId('language-switch').getByText('English').click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  },
};
