import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The feature borders of `eslint.config.js` (issue 11), held by linting imports as they would
 * stand in a file of each place: `npm run lint` fails on a cross-feature import, on the web and
 * on the server, and keeps failing if the border is dropped or loses a folder.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The border messages ESLint gives `code` as the file `path` (which need not exist). */
async function borderErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

const uses = (specifier: string, typeOnly = false) =>
  `import ${typeOnly ? 'type ' : ''}{ x } from '${specifier}';\nexport const y: unknown = x;\n`;

describe('web feature borders', () => {
  it.each([
    ['apps/web/src/features/legal/x.tsx', '@/features/wallet/lib/clipboard'],
    ['apps/web/src/features/legal/x.tsx', '../wallet/lib/clipboard'],
    ['apps/web/src/features/tokens/components/x.tsx', '@/features/ico/api/get-ico-list'],
    ['apps/web/src/features/tokens/components/x.tsx', '../../ico/api/get-ico-list'],
    ['apps/web/src/features/home/x.tsx', '@/app/router'],
    ['apps/web/src/features/home/x.tsx', '@/test/render'],
    ['apps/web/src/components/ui/x.tsx', '@/features/tokens/api/token-lists'],
    ['apps/web/src/lib/x.ts', '@/app/router'],
  ])('%s may not import %s', async (path, specifier) => {
    expect(await borderErrors(path, uses(specifier))).toHaveLength(1);
  });

  it.each([
    ['apps/web/src/features/legal/x.tsx', '@/components/ui/page'],
    ['apps/web/src/features/legal/x.tsx', '@/lib/format'],
    ['apps/web/src/features/legal/x.tsx', '@/stores/session-store'],
    ['apps/web/src/features/tokens/components/x.tsx', '../api/token-lists'],
    ['apps/web/src/features/tokens/components/x.tsx', '@/features/tokens/api/token-lists'],
    ['apps/web/src/features/home/x.test.tsx', '@/test/render'],
    ['apps/web/src/app/x.tsx', '@/features/tokens'],
  ])('%s may import %s', async (path, specifier) => {
    expect(await borderErrors(path, uses(specifier))).toEqual([]);
  });
});

describe('server feature borders', () => {
  it.each([
    ['apps/server/src/health/x.ts', '../favourites/favourites-repository'],
    ['apps/server/src/wallet/portfolio/x.ts', '../../tokens/cex-repository'],
    ['apps/server/src/providers/goplus/x.ts', '../../tokens/providers'],
    ['apps/server/src/lib/x.ts', '../wallet/chain-reads'],
  ])('%s may not import %s', async (path, specifier) => {
    expect(await borderErrors(path, uses(specifier))).not.toEqual([]);
  });

  it.each([
    ['apps/server/src/health/x.ts', '../lib/hash', false],
    ['apps/server/src/wallet/portfolio/x.ts', '../wallet-chains', false],
    ['apps/server/src/providers/goplus/x.ts', '../../tokens/providers', true],
    ['apps/server/src/x.ts', './tokens/token-research', false],
  ])('%s may import %s (type only: %s)', async (path, specifier, typeOnly) => {
    expect(await borderErrors(path, uses(specifier, typeOnly))).toEqual([]);
  });
});
