// Email marketing in the browser (issue #31 point 8): a template, a campaign made from it, subscribers
// imported from a CSV, Send; the mails arrive at the local SMTP server, and a reader opening one (its open
// pixel loading) raises the Open Rate card.
import { completeBusinessSetup, expect, signUpAndSignIn, test } from './fixtures';

const OPEN_PIXEL = /http:\/\/127\.0\.0\.1:\d+\/api\/email\/open\/[\w.-]+/;

test('template → campaign → imported subscribers → send → the mails arrive → an open raises the Open Rate', async ({
  page,
  mailbox,
}) => {
  await signUpAndSignIn(page, mailbox, 'email');
  await completeBusinessSetup(page);
  await page.goto('/email-marketing?tab=templates');

  await page.getByTestId('email-templates-empty-add').click();
  await page.getByTestId('template-name').fill('Spring news');
  await page.getByTestId('template-subject').fill('Spring is here, {{ firstName | default: "friend" }}');
  await page
    .getByTestId('template-html')
    .fill('<h1>Hello {{ firstName | default: "there" }}</h1><p>New linen is in.</p>');
  await page.getByTestId('template-form-submit').click();
  await expect(page.getByTestId('email-template')).toHaveCount(1);

  const stamp = Date.now();
  const readers = [`iris-${stamp}@example.com`, `omar-${stamp}@example.com`, `lea-${stamp}@example.com`];
  await page.getByRole('tab', { name: 'Subscribers' }).click();
  await page.getByTestId('email-subscribers-import').click();
  await page.getByTestId('subscriber-import-file-input').setInputFiles({
    name: 'readers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email,first name\n${readers.map((r) => `${r},${r.split('-')[0]}`).join('\n')}\n`),
  });
  await expect(page.getByTestId('subscriber-import-result')).toContainText('Added 3');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('email-subscriber')).toHaveCount(3);

  await page.getByRole('tab', { name: 'Campaigns' }).click();
  await page.getByTestId('email-campaigns-empty-add').click();
  await page.getByTestId('campaign-name').fill('Spring launch');
  await page.getByTestId('campaign-template').click();
  await page.locator('.ant-select-item-option', { hasText: 'Spring news' }).click();
  await expect(page.getByTestId('campaign-recipients')).toContainText('3 recipients now');
  await page.getByTestId('campaign-form-submit').click();
  await expect(page.getByTestId('email-campaign')).toHaveCount(1);

  await page.getByTestId('email-campaign-send').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('to 3 subscribers now?');
  await page.getByTestId('email-confirm-ok').click();
  await expect(page.getByTestId('email-campaign-status')).toHaveText('Sent');
  await expect(page.getByTestId('email-campaign-sent')).toContainText('3');

  const pixels = await Promise.all(readers.map((reader) => mailbox.linkFor(reader, OPEN_PIXEL)));
  await expect(page.getByTestId('email-open-rate-value')).toHaveText('0%');
  // Iris opens her mail: the pixel loads, as a mail client shows the mail.
  expect((await page.request.get(pixels[0])).status()).toBe(200);
  await expect(page.getByTestId('email-campaign-opened')).toContainText('1');
  await expect(page.getByTestId('email-open-rate-value')).toHaveText('33%');

  await page.getByTestId('email-campaign-results').click();
  await expect(page.getByTestId('campaign-results-delivered-value')).toHaveText('3');
  await expect(page.getByTestId('campaign-results-opened-value')).toHaveText('1');
});
