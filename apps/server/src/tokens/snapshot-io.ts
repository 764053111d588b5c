import { gunzipSync, gzipSync } from 'node:zlib';
import { researchSnapshotSchema, type ResearchSnapshot } from '@vaultscope/core';

/**
 * Bytes of the research snapshot file: `scripts/generate-snapshot.ts` writes them, the server's
 * snapshot provider reads them. It lives with the server (the reader that runs in production)
 * rather than in `packages/core`, which stays free of Node APIs such as zlib.
 */

/** Serialised snapshots larger than this are gzipped. */
export const GZIP_THRESHOLD_BYTES = 3 * 1024 * 1024;

/** The bytes to write for a snapshot, and whether they are gzipped (`.json.gz`) or not (`.json`). */
export function encodeSnapshot(snapshot: ResearchSnapshot): {
  bytes: Buffer;
  gzipped: boolean;
  rawBytes: number;
} {
  const json = Buffer.from(JSON.stringify(snapshot), 'utf8');
  if (json.length <= GZIP_THRESHOLD_BYTES)
    return { bytes: json, gzipped: false, rawBytes: json.length };
  return { bytes: gzipSync(json, { level: 9 }), gzipped: true, rawBytes: json.length };
}

/**
 * Reads snapshot bytes (gzip detected by its magic number) and validates them. This is what the
 * server's snapshot provider should call.
 */
export function decodeSnapshot(bytes: Buffer): ResearchSnapshot {
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const text = (gzipped ? gunzipSync(bytes) : bytes).toString('utf8');
  return researchSnapshotSchema.parse(JSON.parse(text));
}
