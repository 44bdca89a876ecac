// The pipeline's every move explained, in a browser (issue #34 point 8), at a desktop and a phone width, in
// English and Arabic: a simulated customer writes that they want to buy → the AI moves them to Qualified → the
// board shows the card there → the customer's panel says the AI moved them, with their own words → Undo takes
// them back to New → the reports' funnel counts the customer who reached Qualified.
import { type Page, type TestInfo } from '@playwright/test';
import { completeBusinessSetup, expect, signUpAndSignIn, test } from './fixtures';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const TEXTS = {
  en: { movedByAi: 'Moved to Qualified by the AI', qualified: 'Qualified' },
  ar: { movedByAi: 'نُقل إلى مؤهَّل — الذكاء الاصطناعي', qualified: 'مؤهَّل' },
} as const;

async function shoot(page: Page, testInfo: TestInfo, step: string) {
  const path = testInfo.outputPath(`${step}.png`);
  await page.screenshot({ path });
  await testInfo.attach(step, { path, contentType: 'image/png' });
}

const column = (page: Page, stage: string) =>
  page.locator(`[data-testid="pipeline-column"][data-stage="${stage}"]`);

for (const language of ['en', 'ar'] as const) {
  for (const size of SIZES) {
    test(`pipeline moves explained, ${language}, ${size.name}`, async ({ page, mailbox }, testInfo) => {
      const text = TEXTS[language];
      const run = `${language}${size.name}${Date.now().toString(36)}`;
      const name = `Ana Ruiz ${run}`;
      const words = 'I want to buy two linen shirts, how do I order?';

      await page.addInitScript({ content: `localStorage.setItem('parley.language', '${language}')` });
      await signUpAndSignIn(page, mailbox, `pipeline-${language}-${size.name}`);
      await completeBusinessSetup(page);
      const origin = new URL(page.url()).origin;
      const saved = await page.request.put('/api/ai-config', {
        headers: { origin },
        data: {
          companyName: 'Olive & Thread',
          companyDescription: 'Linen clothes from Valencia.',
          responseDelay: 0,
        },
      });
      expect(saved.status()).toBe(200);
      await page.setViewportSize({ width: size.width, height: size.height });

      const sent = await page.request.post('/api/simulate-message', {
        headers: { origin },
        data: { platform: 'instagram', senderName: name, platformUsername: `ana.${run}`, content: words },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const { customerId } = (await sent.json()) as { customerId: string };

      // The AI answers and moves the customer; the board shows the card in Qualified.
      await page.goto('/pipeline');
      await expect(column(page, 'qualified').getByText(name)).toBeVisible({ timeout: 30_000 });
      await shoot(page, testInfo, '01-board-qualified');

      // The customer's panel says who moved them and why, and undoes it.
      await page.goto(`/inbox?customer=${customerId}`);
      if (size.name === 'phone') await page.getByTestId('thread-contact-toggle').click();
      const history = page.getByTestId('stage-history');
      const move = history.getByTestId('stage-change').first();
      await expect(move).toContainText(text.movedByAi);
      await expect(move.getByTestId('stage-change-quote')).toHaveText(`“${words}”`);
      await move.scrollIntoViewIfNeeded();
      await shoot(page, testInfo, '02-history');
      await move.getByTestId('stage-change-undo').click();
      await expect(history.getByTestId('stage-change-undo')).toHaveCount(0);
      await expect(history.getByTestId('stage-change').first()).toHaveAttribute('data-by', 'person');

      await page.goto('/pipeline');
      await expect(column(page, 'new').getByText(name)).toBeVisible();
      await expect(column(page, 'qualified').getByText(name)).toHaveCount(0);
      await shoot(page, testInfo, '03-board-back-to-new');

      // The reports count the customer who reached Qualified.
      await page.goto('/reports');
      const qualifiedRow = page.getByTestId('report-funnel-table').locator('tr', { hasText: text.qualified });
      await expect(qualifiedRow.locator('td').first()).toHaveText('1');
      await shoot(page, testInfo, '04-reports');
    });
  }
}
