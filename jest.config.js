/** One Jest run for every project: unit specs, integration specs (real PostgreSQL, NATS, Redis) and web component tests. */
module.exports = {
  projects: ['<rootDir>/libs/*/jest.config.js', '<rootDir>/apps/*/jest.config.js', '<rootDir>/tools/jest.config.js', '<rootDir>/test/jest.config.js'],
};
