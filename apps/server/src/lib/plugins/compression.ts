import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers at or above this size are compressed. Below it the encoding's framing and the CPU cost
 * are not paid back (an IP packet holds about 1,400 bytes anyway).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli or gzip for API answers of at least 1 KB, chosen from `Accept-Encoding` (with
 * `Vary: Accept-Encoding`). The web app's files are compressed once at build time and chosen
 * by the static plugin (`preCompressed` in web-app.ts), so they arrive here with their
 * `Content-Encoding` already set and pass through untouched; so do types that are compressed
 * already (images) and answers under the threshold.
 *
 * Register after the response cache and before the routes: the plugin adds its hook to the
 * routes declared after it, as a route-level `onSend`, which runs after the cache's global one.
 * The cache therefore keeps the plain JSON, and each caller gets the encoding it asked for.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // br first: about 15 % smaller than gzip on our JSON at quality 4 (the plugin's default,
    // fast enough per request). zstd and deflate are left out: every browser sends br or gzip.
    encodings: ['br', 'gzip'],
    // Request bodies are not inflated: no client of ours compresses them, and a small compressed
    // body can inflate to many times the body limit.
    globalDecompression: false,
  });
}
