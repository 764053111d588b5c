/**
 * Generates the research snapshot the server loads on first start (DEX tokens with pools and
 * security reports, CEX markets) and writes it to apps/server/snapshot/.
 *
 *   npx tsx scripts/generate-snapshot.ts            write the snapshot, print its figures
 *   npx tsx scripts/generate-snapshot.ts --check    exit 1 if the committed file is stale
 *   npx tsx scripts/generate-snapshot.ts --seed 7 --out /tmp/snap   another seed or folder
 *
 * Deterministic: the same options give byte-identical output.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DEFAULT_SNAPSHOT_OPTIONS,
  generateSnapshot,
  type SnapshotOptions,
} from './snapshot/generate';
import { encodeSnapshot } from '../apps/server/src/tokens/snapshot-io';
import { snapshotStats } from './snapshot/stats';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Folder of the committed snapshot. */
export const SNAPSHOT_DIR = join(ROOT, 'apps/server/snapshot');
/** Base name of the snapshot file; `.json` or `.json.gz` is appended. */
export const SNAPSHOT_BASENAME = 'research-snapshot';

export { DEFAULT_SNAPSHOT_OPTIONS, generateSnapshot };

/** Path of the snapshot file in `dir` (gzipped or not). */
export function snapshotPath(dir: string, gzipped: boolean): string {
  return join(dir, `${SNAPSHOT_BASENAME}.${gzipped ? 'json.gz' : 'json'}`);
}

function parseArgs(argv: string[]): { options: SnapshotOptions; dir: string; check: boolean } {
  const options = { ...DEFAULT_SNAPSHOT_OPTIONS };
  let dir = SNAPSHOT_DIR;
  let check = false;
  const integer = (flag: string, value: string | undefined): number => {
    const parsed = Number.parseInt(value ?? '', 10);
    if (!Number.isSafeInteger(parsed)) throw new Error(`${flag} needs a whole number`);
    return parsed;
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    switch (arg) {
      case '--check':
        check = true;
        break;
      case '--seed':
        options.seed = integer(arg, argv[++i]);
        break;
      case '--dex':
        options.dexTokens = integer(arg, argv[++i]);
        break;
      case '--cex':
        options.cexMarkets = integer(arg, argv[++i]);
        break;
      case '--out':
        dir = resolve(argv[++i] ?? '.');
        break;
      default:
        throw new Error(`Unknown argument: ${arg}`);
    }
  }
  return { options, dir, check };
}

function main(): void {
  const { options, dir, check } = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const { snapshot } = generateSnapshot(options);
  const { bytes, gzipped, rawBytes } = encodeSnapshot(snapshot);
  const file = snapshotPath(dir, gzipped);

  if (check) {
    const current = existsSync(file) ? readFileSync(file) : null;
    if (!current || !current.equals(bytes)) {
      console.error(
        `${relative(ROOT, file)} is missing or stale: run npx tsx scripts/generate-snapshot.ts`,
      );
      process.exitCode = 1;
      return;
    }
    console.log(`${relative(ROOT, file)} is up to date.`);
    return;
  }

  mkdirSync(dir, { recursive: true });
  rmSync(snapshotPath(dir, !gzipped), { force: true });
  writeFileSync(file, bytes);
  const stats = snapshotStats(snapshot);
  console.log(
    `Wrote ${relative(ROOT, file)}: ${(bytes.length / 1024 / 1024).toFixed(2)} MB` +
      (gzipped ? ` (gzip of ${(rawBytes / 1024 / 1024).toFixed(2)} MB JSON)` : '') +
      ` in ${Date.now() - started} ms, seed ${options.seed}.`,
  );
  console.log(JSON.stringify(stats, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main();
}
