module.exports = { ...require('../../jest.preset.js'), displayName: 'integrations-service', rootDir: __dirname };
