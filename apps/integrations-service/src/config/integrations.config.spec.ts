import { ConfigError, loadConfig } from '@parley/server-kit';
import { IntegrationsConfig } from './integrations.config';

const PRODUCTION = {
  NODE_ENV: 'production',
  SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  META_APP_ID: '1234567890',
  META_APP_SECRET: 'a-real-secret',
  META_VERIFY_TOKEN: 'a-real-verify-token',
  X_CLIENT_ID: 'x-client',
  X_CLIENT_SECRET: 'x-client-secret',
  X_CONSUMER_SECRET: 'x-consumer-secret',
  X_WEBHOOK_ID: '1234567890',
  X_APP_BEARER_TOKEN: 'x-app-bearer',
};

describe('IntegrationsConfig', () => {
  it('runs a development checkout with its development Meta app and key', () => {
    const config = loadConfig(IntegrationsConfig, {});
    expect(config.META_APP_ID).toBe('parley-dev-app');
    expect(config.SECRETS_KEY).toBeUndefined();
  });

  it('starts in production with every secret set', () => {
    expect(loadConfig(IntegrationsConfig, PRODUCTION).META_APP_SECRET).toBe('a-real-secret');
  });

  it.each([
    'SECRETS_KEY',
    'META_APP_ID',
    'META_APP_SECRET',
    'META_VERIFY_TOKEN',
    'X_CLIENT_ID',
    'X_CLIENT_SECRET',
    'X_CONSUMER_SECRET',
    'X_WEBHOOK_ID',
    'X_APP_BEARER_TOKEN',
  ])('refuses to start in production without %s, naming it', (name) => {
    expect(() => loadConfig(IntegrationsConfig, { ...PRODUCTION, [name]: '' })).toThrow(ConfigError);
    expect(() => loadConfig(IntegrationsConfig, { ...PRODUCTION, [name]: '' })).toThrow(new RegExp(name));
  });

  it('refuses a key that is not 32 bytes, without showing it', () => {
    expect(() => loadConfig(IntegrationsConfig, { SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY.*<hidden>/);
  });
});
