// AI training in a browser (issue #18): upload a text document → it turns completed → its passages show in
// the knowledge base → the test chat answers a question from it.
import { completeBusinessSetup, expect, signUpAndSignIn, test } from './fixtures';

/** An owner's store guide: headings and paragraphs, and a fact found nowhere else (the 45-day returns). */
const STORE_GUIDE = [
  'Olive & Thread store guide',
  '',
  'Returns',
  'You can return any item within 45 days of delivery. Refunds go back to the original payment method.',
  '',
  'Gift wrapping',
  'Every order can be gift wrapped in recycled paper for $3.',
  '',
].join('\n');

test.describe('AI training', () => {
  test('upload a document, it turns completed, and the test chat answers from it', async ({
    page,
    mailbox,
  }) => {
    await signUpAndSignIn(page, mailbox, 'training');
    await completeBusinessSetup(page); // the test chat answers once it is done

    await page.goto('/ai-training');
    await expect(page.getByTestId('documents-empty')).toContainText('No training documents uploaded yet');
    await page.getByTestId('training-upload-input').setInputFiles({
      name: 'store-guide.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(STORE_GUIDE, 'utf8'),
    });

    await expect(page.getByText('Document uploaded successfully and is being processed.')).toBeVisible();
    const row = page.getByTestId('document-row').filter({ hasText: 'store-guide.txt' });
    await expect(row.getByTestId('document-type')).toHaveText('Text');
    // The status arrives over /ws: no reload.
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    await expect(row.getByTestId('document-status')).toHaveText('Completed');

    await page.getByRole('tab', { name: 'Knowledge Base' }).click();
    const passage = page.getByTestId('knowledge-item').filter({ hasText: '45 days' });
    await expect(passage.getByTestId('knowledge-item-source')).toHaveText('From document: store-guide.txt');

    await page.goto('/');
    await expect(page.locator('[data-testid="setup-step"][data-step="training"]')).toHaveAttribute(
      'data-completed',
      'true',
    );
    await page.goto('/?tab=test-agent');
    await page.getByTestId('test-agent-input').fill('How many days do I have to return an item?');
    await page.getByTestId('test-agent-input').press('Enter');
    await expect(page.getByTestId('test-agent-reply').last()).toContainText('45 days', { timeout: 20_000 });
  });
});
