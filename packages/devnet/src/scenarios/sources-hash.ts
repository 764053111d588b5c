import { createHash } from 'node:crypto';

/**
 * The combined hash of the corpus sources (path → content), as recorded in the artifacts by
 * scripts/build-scenarios.ts and checked by the artifacts test.
 */
export function sourcesSha256(sources: Readonly<Record<string, string>>): string {
  const hash = createHash('sha256');
  for (const path of Object.keys(sources).sort()) {
    hash
      .update(path)
      .update('\0')
      .update(sources[path] ?? '')
      .update('\0');
  }
  return hash.digest('hex');
}
