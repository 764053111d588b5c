import { describe, expect, it } from 'vitest';
import { canonicalPathFor } from './not-found';

describe('canonicalPathFor', () => {
  it('maps a path that differs only by case to the spec route', () => {
    expect(canonicalPathFor('/profile')).toBe('/Profile');
    expect(canonicalPathFor('/dex')).toBe('/DEX');
    expect(canonicalPathFor('/notification')).toBe('/Notification');
    expect(canonicalPathFor('/Details/0xAbC')).toBe('/details/0xAbC');
    expect(canonicalPathFor('/TX/11155111/0xAbC')).toBe('/tx/11155111/0xAbC');
  });

  it('finds nothing for unknown paths', () => {
    expect(canonicalPathFor('/no-such-page')).toBeUndefined();
  });
});
