import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base58Decode, base58Encode } from './base58';

describe('base58', () => {
  it('decodes well-known Solana keys to 32 bytes', () => {
    expect(base58Decode('11111111111111111111111111111111')).toEqual(new Uint8Array(32));
    expect(base58Decode('So11111111111111111111111111111111111111112')?.length).toBe(32);
    expect(base58Decode('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')?.length).toBe(32);
  });

  it('encodes known vectors', () => {
    expect(base58Encode(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U');
    expect(base58Encode(new Uint8Array([0, 0, 1]))).toBe('112');
    expect(base58Encode(new Uint8Array())).toBe('');
  });

  it('rejects characters outside the alphabet', () => {
    for (const bad of ['0', 'O', 'I', 'l', '+', ' ']) expect(base58Decode(`abc${bad}`)).toBeNull();
  });

  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
      }),
    );
  });
});
