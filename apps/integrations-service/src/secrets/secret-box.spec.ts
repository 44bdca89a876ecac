import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32).toString('base64'));

  it('seals a token so that it reads back, and never twice the same', () => {
    const sealed = box.seal('EAAB-page-token');
    expect(sealed).not.toContain('EAAB');
    expect(box.open(sealed)).toBe('EAAB-page-token');
    expect(box.seal('EAAB-page-token')).not.toBe(sealed);
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = box.seal('secret');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(() => new SecretBox(randomBytes(32).toString('hex')).open(sealed)).toThrow();
  });

  it('takes a hex or base64 key of 32 bytes and nothing else', () => {
    expect(() => new SecretBox(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
