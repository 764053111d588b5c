import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from './countdown';

describe('formatCountdown', () => {
  it('shows the OTP countdown as 00:SS', () => {
    expect(formatCountdown(39)).toBe('00:39');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(0)).toBe('00:00');
  });

  it('carries whole minutes and never goes negative', () => {
    expect(formatCountdown(75)).toBe('01:15');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00');
    expect(formatCountdown(12.9)).toBe('00:12');
  });
});

describe('secondsLeft', () => {
  it('counts down by the clock and stops at zero', () => {
    const start = 1_000_000;
    expect(secondsLeft(39, start, start)).toBe(39);
    expect(secondsLeft(39, start, start + 999)).toBe(39);
    expect(secondsLeft(39, start, start + 1000)).toBe(38);
    expect(secondsLeft(39, start, start + 39_000)).toBe(0);
    expect(secondsLeft(39, start, start + 120_000)).toBe(0);
  });

  it('treats a clock that went backwards as no time elapsed', () => {
    expect(secondsLeft(39, 5000, 1000)).toBe(39);
  });
});
