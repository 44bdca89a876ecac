// Browser tests: Playwright Test driving Debian's Chromium (never a downloaded browser) against a
// stack that src/global-setup.ts builds and starts for the run and tears down after it.
//   npm run e2e                        every test
//   npm run e2e -- landing             test files whose name contains "landing"
//   PARLEY_E2E_NO_BUILD=1 npm run e2e  reuse dist/ as it is
// Report: tmp/e2e/report (npx playwright show-report tmp/e2e/report); traces and screenshots of
// failures: tmp/e2e/test-results (npx playwright show-trace <trace.zip>).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './src',
  outputDir: '../../tmp/e2e/test-results',
  globalSetup: './src/global-setup.ts',
  // The stack (seven Node processes next to PostgreSQL, NATS and Redis) and Chromium already share
  // two cores: a second browser brings flakiness, not speed.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: '../../tmp/e2e/report' }]],
  use: {
    browserName: 'chromium',
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
