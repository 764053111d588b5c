import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * Answers at or above this size are compressed. Below it the encoding's framing and the CPU cost
 * are not paid back (an IP packet holds about 1,400 bytes anyway).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Brotli's quality (0-11) for answers compressed per request. */
export const BROTLI_QUALITY = 2;

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
    // br first, zstd and deflate left out: every browser sends br or gzip. Quality 2, not the
    // plugin's 4: on our 3-25 KB JSON answers (a detail, a list page) it is 2-3 times faster per
    // answer and 1-6 % larger (measured 2026-11-27 on the bench's detail and list page), and
    // an uncached detail pays it on every request.
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    // Request bodies are not inflated: no client of ours compresses them, and a small compressed
    // body can inflate to many times the body limit.
    globalDecompression: false,
  });
}
