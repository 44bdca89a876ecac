module.exports = { ...require('../../jest.preset.js'), displayName: 'marketing-service', rootDir: __dirname };
