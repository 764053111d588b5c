import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letter of each name', () => {
    expect(initialsOf('ada', 'lovelace')).toBe('AL');
    expect(initialsOf(' Émile ', 'Zola')).toBe('ÉZ');
  });

  it('has a placeholder for empty names', () => {
    expect(initialsOf('', '')).toBe('?');
  });
});
