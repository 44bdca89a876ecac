/** One Jest run for every project: unit specs, integration specs (real PostgreSQL, NATS, Redis) and web component tests. */
module.exports = {
  projects: ['<rootDir>/libs/*/jest.config.js', '<rootDir>/apps/*/jest.config.js', '<rootDir>/tools/jest.config.js', '<rootDir>/test/jest.config.js'],
  // The servers the integration tests need: local ones when they answer, else containers (tools/jest/test-servers.mjs).
  globalSetup: '<rootDir>/tools/jest/global-setup.mjs',
  globalTeardown: '<rootDir>/tools/jest/global-teardown.mjs',
  // A suite whose setup failed half-way can leave a connection open; the results are in by then, and a
  // run that waits for it forever never reports them (CI stops at 90 minutes). `npx jest
  // --detectOpenHandles <suite>` finds such a leak.
  forceExit: true,
};
