const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'tools',
  rootDir: __dirname,
  // The scripts here are Node ES modules (.mjs); the specs that import them get them compiled like the
  // TypeScript (Jest on Node 20 cannot require an ES module).
  transform: { ...preset.transform, '^.+\\.mjs$': preset.transform['^.+\\.(t|j)sx?$'] },
};
