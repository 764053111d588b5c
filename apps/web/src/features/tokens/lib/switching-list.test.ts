import { describe, expect, it } from 'vitest';
import { switchingList } from './switching-list';

const answered = () => ({ isPending: false, isPlaceholderData: false });
const pending = () => ({ isPending: true, isPlaceholderData: false });
const placeholder = () => ({ isPending: false, isPlaceholderData: true });

describe('switchingList', () => {
  it("is true while a new filter's query has no answer and an older list is drawn", () => {
    // The table: a new key starts pending.
    expect(switchingList(pending(), answered())).toBe(true);
    // A slider: a new key shows the older search's cards as placeholder data.
    expect(switchingList(placeholder(), answered())).toBe(true);
    expect(switchingList(placeholder(), placeholder())).toBe(true);
  });

  it('is false for a refresh of the same list, skeletons, and a list caught up', () => {
    expect(switchingList(answered(), answered())).toBe(false);
    expect(switchingList(pending(), pending())).toBe(false);
    const same = pending();
    expect(switchingList(same, same)).toBe(false);
  });
});
