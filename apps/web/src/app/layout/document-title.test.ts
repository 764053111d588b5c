import { describe, expect, it } from 'vitest';
import { documentTitleFor } from './document-title';

describe('documentTitleFor', () => {
  it("uses the spec's page header first", () => {
    expect(documentTitleFor('/Profile', 'Whatever')).toBe('My Profile · Vaultscope');
    expect(documentTitleFor('/CEX', undefined)).toBe('Centralized Exchange · Vaultscope');
  });

  it("falls back to the route's title, then the product name", () => {
    expect(documentTitleFor('/DEX', 'Decentralized Exchange')).toBe(
      'Decentralized Exchange · Vaultscope',
    );
    expect(documentTitleFor('/somewhere', undefined)).toBe('Vaultscope');
  });
});
