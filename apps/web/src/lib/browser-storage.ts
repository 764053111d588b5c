/**
 * Small wrappers around Web Storage. Storage can throw (private mode, quota, disabled cookies),
 * and a failure to remember something must never break a screen.
 */
type Area = 'local' | 'session';

function area(kind: Area): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(kind: Area, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(kind: Area, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Remembering is a convenience; ignore a full or blocked storage.
  }
}

export function removeStorage(kind: Area, ...keys: string[]): void {
  for (const key of keys) {
    try {
      area(kind)?.removeItem(key);
    } catch {
      // ignore
    }
  }
}
