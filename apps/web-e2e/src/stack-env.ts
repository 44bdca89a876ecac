/** How global setup tells the worker processes (they inherit its environment) where the stack runs. */
export const STACK_ENV = {
  baseUrl: 'PARLEY_E2E_BASE_URL',
  inboxUrl: 'PARLEY_E2E_INBOX_URL',
  fakeMetaUrl: 'PARLEY_E2E_FAKE_META_URL',
  fakeXUrl: 'PARLEY_E2E_FAKE_X_URL',
  databaseUrl: 'PARLEY_E2E_DATABASE_URL',
} as const;

export function fromSetup(name: (typeof STACK_ENV)[keyof typeof STACK_ENV]): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite through playwright.config.ts's globalSetup`);
  return value;
}
