import { describe, expect, it } from 'vitest';
import { TestClock } from '../test/test-app';
import { UnlockedWallets } from './unlocked-wallets';

describe('UnlockedWallets', () => {
  it('overwrites an expired key on the sweep, without anyone reading it', () => {
    const clock = new TestClock();
    const wallets = new UnlockedWallets(clock, 60_000);
    const key = Buffer.alloc(32, 7);
    wallets.unlock('user-1', 'session-a', key);
    clock.advance(60_001);
    wallets.sweep();
    expect(key.every((byte) => byte === 0)).toBe(true);
    expect(wallets.isUnlockedFor('user-1', 'session-a')).toBe(false);
  });

  it('locks on logout of the session that unlocked, not of another session', () => {
    const wallets = new UnlockedWallets(new TestClock(), 60_000);
    wallets.unlock('user-1', 'session-a', Buffer.alloc(32, 7));
    wallets.lockSession('user-1', 'session-b');
    expect(wallets.isUnlockedFor('user-1', 'session-a')).toBe(true);
    wallets.lockSession('user-1', 'session-a');
    expect(wallets.isUnlockedFor('user-1', 'session-a')).toBe(false);
  });

  it('keeps one entry per session: a second unlock or a lock leaves the other session’s key', () => {
    const wallets = new UnlockedWallets(new TestClock(), 60_000);
    const first = Buffer.alloc(32, 7);
    const second = Buffer.alloc(32, 7);
    wallets.unlock('user-1', 'session-a', first);
    wallets.unlock('user-1', 'session-b', second);
    expect(wallets.isUnlockedFor('user-1', 'session-a')).toBe(true);
    expect(wallets.isUnlockedFor('user-1', 'session-b')).toBe(true);
    wallets.lockSession('user-1', 'session-a');
    expect(first.every((byte) => byte === 0)).toBe(true);
    expect(wallets.isUnlockedFor('user-1', 'session-a')).toBe(false);
    expect(wallets.isUnlockedFor('user-1', 'session-b')).toBe(true);
    expect(wallets.keyCopy('user-1')?.every((byte) => byte === 7)).toBe(true);
    wallets.lockSession('user-1', 'session-b');
    expect(wallets.keyCopy('user-1')).toBeUndefined();
  });

  it('hands out copies: a lock while a caller works does not zero the caller’s key', () => {
    const wallets = new UnlockedWallets(new TestClock(), 60_000);
    wallets.unlock('user-1', 'session-a', Buffer.alloc(32, 7));
    const copy = wallets.keyCopy('user-1')!;
    wallets.lockSession('user-1', 'session-a');
    expect(copy.every((byte) => byte === 7)).toBe(true);
  });
});
