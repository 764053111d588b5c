/** Formats the OTP countdown as the spec shows it: `00:SS` (minutes:seconds, zero-padded). */
export function formatCountdown(totalSeconds: number): string {
  const safe = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const minutes = Math.floor(safe / 60);
  const seconds = safe % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Seconds left of a countdown of `durationSeconds` started at `startedAt` (ms), at `now` (ms). */
export function secondsLeft(durationSeconds: number, startedAt: number, now: number): number {
  const elapsed = Math.floor((now - startedAt) / 1000);
  return Math.max(0, durationSeconds - Math.max(0, elapsed));
}
