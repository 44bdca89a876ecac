// The catalogue in a browser (issue: product catalogue): upload a spreadsheet → the products appear →
// edit one's price → the test chat answers with the new price.
import * as XLSX from '@e965/xlsx';
import { completeBusinessSetup, expect, signUpAndSignIn, test } from './fixtures';

/** An owner's price list as a spreadsheet: a header row, prices as text with a currency sign. */
function priceList(): Buffer {
  const rows = [
    ['Name', 'Description', 'Price', 'Category', 'Features', 'In Stock'],
    [
      'Trail Runner X2',
      'Lightweight running shoe for rocky trails.',
      '$129.00',
      'Shoes',
      'Waterproof, Vibram sole, Reflective laces',
      'yes',
    ],
    ['Blue Kettle', 'Enamel kettle, 1.7 litres.', '$45.00', 'Kitchen', 'Induction-ready', 'no'],
    [
      'Summit Backpack',
      '30 litres, rain cover included.',
      '$89.90',
      'Bags',
      'Rain cover, Laptop sleeve',
      'yes',
    ],
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Products');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

test.describe('product catalogue', () => {
  test('upload a spreadsheet, edit a price, and the test chat answers with the new price', async ({
    page,
    mailbox,
  }) => {
    await signUpAndSignIn(page, mailbox, 'catalogue');
    await completeBusinessSetup(page); // the test chat answers once it is done

    await page.goto('/products');
    await expect(page.getByTestId('products-empty')).toContainText('No products found');
    await page.getByTestId('products-upload-input').setInputFiles({
      name: 'price-list.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: priceList(),
    });

    await expect(page.getByText('3 products imported successfully.')).toBeVisible();
    const rows = page.getByTestId('product-row');
    await expect(rows.getByTestId('product-name-cell')).toHaveText([
      'Blue Kettle',
      'Summit Backpack',
      'Trail Runner X2',
    ]);
    const runner = rows.filter({ hasText: 'Trail Runner X2' });
    await expect(runner.getByTestId('product-price-cell')).toHaveText('$129.00');
    await expect(runner.getByTestId('product-more-features')).toHaveText('+1 more');

    await runner.getByTestId('product-edit').click();
    await expect(page.getByTestId('product-price')).toHaveValue('129.00');
    await page.getByTestId('product-price').fill('$149.50');
    await page.getByTestId('product-submit').click();
    await expect(page.getByText('Product updated successfully')).toBeVisible();
    await expect(runner.getByTestId('product-price-cell')).toHaveText('$149.50');

    await page.goto('/');
    await expect(page.locator('[data-testid="setup-step"][data-step="products"]')).toHaveAttribute(
      'data-completed',
      'true',
    );
    await page.goto('/?tab=test-agent');
    await page.getByTestId('test-agent-input').fill('How much is the Trail Runner X2?');
    await page.getByTestId('test-agent-input').press('Enter');
    await expect(page.getByTestId('test-agent-reply').last()).toContainText('$149.50', { timeout: 20_000 });
  });
});
