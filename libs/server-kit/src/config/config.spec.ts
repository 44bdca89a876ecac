import { BaseConfig, ServiceConfig } from './base.config';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the defaults when nothing is set', () => {
    const config = loadConfig(ServiceConfig, {});
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/parley');
    expect(config.HEALTH_PORT).toBeUndefined();
    expect(config.RPC_TIMEOUT_MS).toBe(5000);
  });

  it('converts numbers and reads optional numbers by their declared type', () => {
    const config = loadConfig(ServiceConfig, { RPC_TIMEOUT_MS: '2500', HEALTH_PORT: '8081' });
    expect(config.RPC_TIMEOUT_MS).toBe(2500);
    expect(config.HEALTH_PORT).toBe(8081);
  });

  it('fails naming every bad variable', () => {
    let error: unknown;
    try {
      loadConfig(ServiceConfig, { DATABASE_URL: 'mysql://x', RPC_TIMEOUT_MS: 'soon', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('DATABASE_URL must be a postgres:// connection string');
    expect(message).toContain('RPC_TIMEOUT_MS');
    expect(message).toContain('LOG_LEVEL');
  });

  it('refuses a NATS prefix that would not form valid subjects', () => {
    expect(() => loadConfig(BaseConfig, { NATS_PREFIX: 'has space' })).toThrow(/NATS_PREFIX/);
  });
});
