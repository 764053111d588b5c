import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const server = path.join(repo, 'apps/server/src/server.ts');

/** Workspace packages by the specifiers they export (see their package.json `exports`). */
function workspaceEntry(specifier: string): string | undefined {
  const match = /^@vaultscope\/([^/]+)(\/.+)?$/.exec(specifier);
  if (!match) return undefined;
  const dir = path.join(repo, 'packages', match[1]!);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  const target = manifest.exports[`.${match[2] ?? ''}`];
  if (!target) throw new Error(`${specifier} is not exported by its package`);
  return path.join(dir, target);
}

function resolveLocal(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  throw new Error(`Cannot resolve ${specifier} from ${from}`);
}

/**
 * What a file loads when it is loaded: its `import` and `export ... from` declarations, except
 * `import type` and `export type` ones (erased). Under `verbatimModuleSyntax` an import whose
 * names are all inline `type` still loads its module, so it counts. Dynamic `import()` does not:
 * it runs only when its code does.
 */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      !statement.isTypeOnly
    ) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** Every file of the repository and every outside package that loading `entry` loads. */
function loadedBy(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) queue.push(resolveLocal(file, specifier));
      else if (specifier.startsWith('@vaultscope/')) {
        packages.add(specifier);
        queue.push(workspaceEntry(specifier)!);
      } else if (!specifier.startsWith('node:')) {
        packages.add(
          specifier.startsWith('@')
            ? specifier.split('/').slice(0, 2).join('/')
            : specifier.split('/')[0]!,
        );
      }
    }
  }
  return { files, packages };
}

describe("the production server's imports", () => {
  const { files, packages } = loadedBy(server);

  it('reach the app and core (the walk follows the real graph)', () => {
    expect(files).toContain(path.join(repo, 'apps/server/src/app.ts'));
    expect(packages).toContain('@vaultscope/core');
    expect(packages).toContain('fastify');
  });

  it('hold no local chains: @vaultscope/devnet, Anvil nodes and LiteSVM load only when DEVNET starts them', () => {
    expect(packages).not.toContain('@vaultscope/devnet');
    expect(packages).not.toContain('litesvm');
    const devnetFiles = [...files].filter((file) => file.includes('/packages/devnet/'));
    // The scam analyzer's fork simulation runs the Anvil binary, so it takes the file that finds
    // it (and the devnet's error class); none that starts local chains.
    expect(devnetFiles.map((file) => path.relative(repo, file)).sort()).toEqual([
      'packages/devnet/src/evm/anvil-binary.ts',
      'packages/devnet/src/lib/errors.ts',
    ]);
  });
});

/**
 * A resolve hook that writes every module the process resolves, after tsx's own hooks, to the
 * file it is handed: a runtime list, dynamic `import()` included, where the walk above reads the
 * source.
 */
const RECORD_RESOLVED = `import { appendFileSync } from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(file, result.url + '\\n');
  return result;
}`;

describe('a production server started without local chains', () => {
  it('loads no module of @vaultscope/devnet that starts them, nor LiteSVM', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vaultscope-imports-'));
    try {
      const file = path.join(dir, 'resolved.txt');
      // app.ts built and made ready as server.ts does it (the wallet's chains, the faucet's and
      // every other dynamic import decided), then closed; no snapshot load, which imports nothing.
      const script = `
        import { register } from 'node:module';
        register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(RECORD_RESOLVED)}), {
          data: { file: ${JSON.stringify(file)} },
        });
        const { loadConfig } = await import('./src/lib/config.ts');
        const { buildApp } = await import('./src/app.ts');
        const app = await buildApp({ config: loadConfig(), loadSnapshots: false });
        await app.ready();
        await app.close();
      `;
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        {
          cwd: path.join(repo, 'apps/server'),
          // Production with its defaults: DEVNET off, no RPC URLs; nothing of the runner's env.
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            NODE_ENV: 'production',
            DATA_DIR: path.join(dir, 'data'),
            LOG_LEVEL: 'warn',
            WEB_DIST_DIR: '/nonexistent-web-dist',
          },
          encoding: 'utf8',
        },
      );
      expect(child.stderr).toBe('');
      expect(child.status).toBe(0);
      const resolved = new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean));
      expect(resolved).toContain(`file://${path.join(repo, 'apps/server/src/app.ts')}`);
      const devnet = [...resolved]
        .filter((url) => /\/packages\/devnet\/|litesvm/i.test(url))
        .map((url) => path.relative(repo, new URL(url).pathname))
        .sort();
      // The scam analyzer's fork simulation finds the Anvil binary; nothing else of the package.
      expect(devnet).toEqual([
        'packages/devnet/src/evm/anvil-binary.ts',
        'packages/devnet/src/lib/errors.ts',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
