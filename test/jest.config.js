module.exports = { ...require('../jest.preset.js'), displayName: 'system', rootDir: __dirname };
