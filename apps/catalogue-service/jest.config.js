module.exports = { ...require('../../jest.preset.js'), displayName: 'catalogue-service', rootDir: __dirname };
