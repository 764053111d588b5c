import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency';
import { openableLink } from './links';

describe('openableLink', () => {
  it('opens explorer URLs and the app’s own transaction pages', () => {
    expect(openableLink('https://etherscan.io/tx/0xab')).toBe('https://etherscan.io/tx/0xab');
    expect(openableLink('/tx/1/0xab')).toBe('/tx/1/0xab');
  });
  it('refuses script URLs and other hosts written as paths', () => {
    expect(openableLink('javascript:alert(1)')).toBeUndefined();
    expect(openableLink('//evil.example/tx')).toBeUndefined();
  });
});

describe('newIdempotencyKey', () => {
  it('gives a fresh v4 UUID each time, also without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const a = newIdempotencyKey();
      expect(a).toMatch(uuid);
      expect(newIdempotencyKey()).not.toBe(a);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
