/** Component tests in jsdom; `fetch` is the only thing a test fakes (the API is outside this unit). */
const preset = require('../../jest.preset.js');

const [swcJest, swcOptions] = preset.transform['^.+\\.(t|j)sx?$'];

/** What Vite would put in `import.meta.env`; CommonJS has no `import.meta`, so SWC inlines this instead. */
const importMetaEnv = JSON.stringify({
  MODE: 'test',
  DEV: false,
  PROD: false,
});

module.exports = {
  ...preset,
  displayName: 'web',
  rootDir: __dirname,
  testEnvironment: '<rootDir>/jest/environment.js',
  setupFiles: ['<rootDir>/jest/setup-dom.js'],
  setupFilesAfterEnv: ['<rootDir>/jest/setup-tests.js'],
  restoreMocks: true,
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // @ant-design/icons' CommonJS build requires an ES module of @ant-design/colors; use its CommonJS twin.
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
  },
  transform: {
    '^.+\\.(t|j)sx?$': [
      swcJest,
      {
        ...swcOptions,
        jsc: {
          ...swcOptions.jsc,
          transform: {
            ...swcOptions.jsc.transform,
            optimizer: { globals: { vars: { 'import.meta.env': importMetaEnv } } },
          },
        },
      },
    ],
  },
};
