import { describe, expect, it } from 'vitest';
import { deriveWalletKey, newKdf, open, seal, SealOpenError } from './key-vault';

const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

describe('key vault', () => {
  it('opens a sealed value with the key derived from the same password and salt', async () => {
    const kdf = newKdf(FAST);
    const sealed = seal(await deriveWalletKey('correct horse', kdf), Buffer.from('secret'), 'ad');
    expect(open(await deriveWalletKey('correct horse', kdf), sealed, 'ad').toString()).toBe(
      'secret',
    );
  });

  it('refuses a wrong password, other associated data and a changed byte', async () => {
    const kdf = newKdf(FAST);
    const key = await deriveWalletKey('correct horse', kdf);
    const sealed = seal(key, Buffer.from('secret'), 'user-1:evm');
    expect(() => open(Buffer.alloc(32, 1), sealed, 'user-1:evm')).toThrow(SealOpenError);
    expect(() => open(key, sealed, 'user-2:evm')).toThrow(SealOpenError);
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[2]!, 'base64');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    parts[2] = ciphertext.toString('base64');
    expect(() => open(key, parts.join('.'), 'user-1:evm')).toThrow(SealOpenError);
  });

  it('derives different keys for different salts and never seals the same bytes twice', async () => {
    const [a, b] = [newKdf(FAST), newKdf(FAST)];
    expect(await deriveWalletKey('pw', a)).not.toEqual(await deriveWalletKey('pw', b));
    const key = await deriveWalletKey('pw', a);
    expect(seal(key, Buffer.from('x'), 'ad')).not.toBe(seal(key, Buffer.from('x'), 'ad'));
  });

  it('uses the OWASP argon2id setting by default', () => {
    expect(newKdf()).toMatch(/^argon2id\$m=19456,t=2,p=1\$/);
  });
});
