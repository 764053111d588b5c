import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) beside every text file of the build, once,
 * so that the server picks one by `Accept-Encoding` (@fastify/static's `preCompressed`) instead of
 * compressing the same bytes on every request, and can afford the slowest, smallest settings.
 * Source maps are left out: only developer tools fetch them, and they are most of the bytes.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'vaultscope:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      // A build kept in memory (the size budget's) has nothing on disk to compress.
      if (config.build.write === false) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = fs.readFileSync(file);
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        fs.writeFileSync(
          `${file}.gz`,
          zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
        );
      }
    },
  };
}
