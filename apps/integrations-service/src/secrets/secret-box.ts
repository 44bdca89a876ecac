import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets at rest (platform tokens). A sealed value is `v1.<iv>.<tag>.<ciphertext>`
 * (base64url): a fresh 12-byte IV per value, and the tag makes a tampered or wrongly keyed value fail to
 * open instead of decrypting to garbage. The key never leaves this object and nothing here logs.
 */
export class SecretBox {
  private readonly key: Buffer;

  /** `key`: 32 bytes as 64 hex digits or base64. */
  constructor(key: string) {
    this.key = Buffer.from(key, /^[0-9a-fA-F]{64}$/.test(key) ? 'hex' : 'base64');
    if (this.key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
