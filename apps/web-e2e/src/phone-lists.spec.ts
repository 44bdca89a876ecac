// Customers and Products on a 390 px phone, in English and in Arabic (issue 29 points 6 and 7): a walk-in
// customer is added without a channel through Add Customer, and each list shows one card per row with its
// actions in sight (no table scrolled sideways). A screenshot of each list is attached to the run
// (tmp/e2e/report, and tmp/e2e/test-results).
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, signUpAndSignIn, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

/** The few words the journey reads, in each language (the rest goes by test id). */
const TEXTS = {
  en: { noChannel: 'No channel', view: 'View', contact: 'Contact', edit: 'Edit', delete: 'Delete' },
  ar: { noChannel: 'بلا قناة', view: 'عرض', contact: 'تواصل', edit: 'تعديل', delete: 'حذف' },
} as const;

async function shoot(page: Page, testInfo: TestInfo, step: string) {
  const path = testInfo.outputPath(`${step}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(step, { path, contentType: 'image/png' });
}

/** Nothing wider than the screen: no sideways scrolling. */
async function fitsTheScreen(page: Page) {
  // A string runs in the page (this project's types have no DOM).
  const overflow = Number(
    await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Wholly on the screen, left to right: a button a thumb can reach without scrolling sideways. */
async function inSight(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
}

for (const language of ['en', 'ar'] as const) {
  test(`customers and products on a phone, ${language}`, async ({ page, mailbox }, testInfo) => {
    const text = TEXTS[language];
    await signUpAndSignIn(page, mailbox, `phone-lists-${language}`);
    await page.setViewportSize(PHONE);
    await page.evaluate(`localStorage.setItem('parley.language', '${language}')`);
    const origin = new URL(page.url()).origin;
    const product = await page.request.post('/api/products', {
      headers: { origin },
      data: {
        name: 'Trail Runner X2',
        description: 'Lightweight running shoe for rocky trails, with a long description that wraps.',
        price: 129,
        category: 'Shoes',
        features: ['Waterproof', 'Vibram sole'],
        inStock: false,
      },
    });
    expect(product.status()).toBe(201);

    // A walk-in customer: a name and a phone, no channel.
    await page.goto('/customers');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await page.getByTestId('customers-add-open').click();
    await page.getByTestId('add-customer-name').fill('Pedro Phoned');
    await page.getByTestId('add-customer-platform').click();
    // antd's list is virtual: only the first options carry the option role, so the last is found by its title.
    await page.locator('.ant-select-dropdown').getByTitle(text.noChannel).click();
    await page.getByTestId('add-customer-phone').fill('+34 600 111 222');
    await page.getByTestId('add-customer-submit').click();

    const card = page.getByTestId('customer-card').filter({ hasText: 'Pedro Phoned' });
    await expect(card.getByTestId('customer-platform')).toHaveText(text.noChannel);
    await expect(card.getByTestId('customer-handle')).toHaveText('+34 600 111 222');
    await expect(page.getByTestId('customers-table')).toHaveCount(0);
    await inSight(card.getByRole('button', { name: text.view }));
    await inSight(card.getByRole('link', { name: text.contact }));
    await fitsTheScreen(page);
    await shoot(page, testInfo, `customers-${language}`);

    await card.getByRole('button', { name: text.view }).click();
    await expect(page.getByTestId('customer-details-platform')).toHaveText(text.noChannel);
    await page.keyboard.press('Escape');

    await page.goto('/products');
    const productCard = page.getByTestId('product-card').filter({ hasText: 'Trail Runner X2' });
    await expect(productCard.getByTestId('product-price-cell')).toBeVisible();
    await expect(productCard.getByTestId('product-stock-cell')).toBeVisible();
    await expect(page.getByTestId('products-table')).toHaveCount(0);
    await inSight(productCard.getByRole('button', { name: `${text.edit} Trail Runner X2` }));
    await inSight(productCard.getByRole('button', { name: `${text.delete} Trail Runner X2` }));
    await fitsTheScreen(page);
    await shoot(page, testInfo, `products-${language}`);
  });
}
