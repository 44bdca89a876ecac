module.exports = { ...require('../../jest.preset.js'), displayName: 'messaging-service', rootDir: __dirname };
