/** Shared Jest settings: SWC with decorator metadata (Nest DI needs it) and the lib path aliases. */
const path = require('node:path');

const root = __dirname;

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // ESM-only dependencies (Node 20.19+ loads them with require(); Jest needs them compiled).
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  moduleNameMapper: {
    '^@parley/agent$': path.join(root, 'libs/agent/src/index.ts'),
    '^@parley/agent/testing$': path.join(root, 'libs/agent/src/testing/index.ts'),
    '^@parley/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
    '^@parley/server-kit$': path.join(root, 'libs/server-kit/src/index.ts'),
    '^@parley/server-kit/testing$': path.join(root, 'libs/server-kit/src/testing/index.ts'),
  },
  testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.spec.tsx', '<rootDir>/**/*.integration-spec.ts'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
};
