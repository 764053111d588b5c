import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const processEnvOnlyInConfig = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message:
    'Read settings through apps/server/src/lib/config.ts (loadConfig), the one validated home of the environment.',
};

/**
 * Server feature borders (issue 11): a file of a feature folder under apps/server/src may import
 * its own folder, lib/ and @vaultscope/core, nothing else of the server. What it needs from
 * another feature it declares as an interface and app.ts hands in; the one exception is
 * `import type` of a port that a consumer feature declares for its providers to implement
 * (SERVER_PORTS). lib/ imports no feature. Relative imports are matched by their depth, so
 * `../x` inside a feature's subfolder stays a sibling of that folder.
 */
/** The folders under `src`, read when the config loads, so a new feature is bordered the day it appears. */
function foldersOf(src, except) {
  return readdirSync(new URL(src, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !except.includes(entry.name))
    .map((entry) => entry.name);
}

// Every folder of apps/server/src is a feature but lib/ (shared) and test/ (the harness that
// builds whole apps).
const SERVER_FEATURES = foldersOf('./apps/server/src/', ['lib', 'test']);
const SERVER_PORTS = ['tokens/providers', 'tokens/indexed-market', 'tokens/market-source'];
/** How deep a file may sit inside a feature folder (wallet/sends/x.ts is 2). */
const FOLDER_DEPTHS = [1, 2, 3, 4, 5];

function serverBorders(folder, depth) {
  const up = `^(\\.\\./){${depth}}`;
  const own = folder === 'lib' ? 'lib' : `lib|${folder}`;
  const patterns = [
    {
      regex: `${up}(?!(${own})(/|$))`,
      caseSensitive: true,
      message:
        folder === 'lib'
          ? 'lib/ is shared by every feature and imports none (apps/server/README.md).'
          : `A server feature imports only its own folder, lib/ and @vaultscope/core: declare what ${folder}/ needs from another feature as an interface and let app.ts hand it in (apps/server/README.md).`,
    },
  ];
  const ports = SERVER_PORTS.filter((port) => !port.startsWith(`${folder}/`));
  if (folder !== 'lib' && ports.length > 0)
    patterns.push({
      regex: `${up}(${ports.join('|')})$`,
      caseSensitive: true,
      allowTypeImports: true,
      message: 'Only `import type` of a port another feature declares for its providers.',
    });
  return {
    files: [`apps/server/src/${folder}/${'*/'.repeat(depth - 1)}*.ts`],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  };
}

/**
 * Web feature borders (issue 11, as bulletproof-react draws them): a file of
 * apps/web/src/features/<feature>/ imports its own folder, `@/components`, `@/lib`, `@/stores` and
 * @vaultscope/core; never another feature nor `@/app` (the routes compose features, not the other
 * way round). components/, lib/ and stores/ are shared and import no feature and no route.
 * A relative import that climbs out of the feature folder is refused too: shared code is named by
 * `@/`.
 */
const WEB_FEATURES = foldersOf('./apps/web/src/features/', []);
const WEB_SHARED = ['components', 'lib', 'stores'];

/** `tests` adds the web test harness (`@/test`) to what a feature's test files may import. */
function webFeatureBorders(feature, depth, tests) {
  const shared = tests ? 'components|lib|stores|test' : 'components|lib|stores';
  const message = `A web feature imports only its own folder, @/components, @/lib, @/stores and @vaultscope/core: move what ${feature}/ shares with another feature to one of those, or compose the two in a route under app/ (apps/web/README.md).`;
  const inside = `apps/web/src/features/${feature}/${'*/'.repeat(depth - 1)}`;
  return {
    files: tests ? [`${inside}*.test.{ts,tsx}`] : [`${inside}*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^@/(?!(${shared}|features/${feature})(/|$))`, message },
            { regex: `^(\\.\\./){${depth}}(?!${feature}/)`, caseSensitive: true, message },
          ],
        },
      ],
    },
  };
}

const webSharedBorders = {
  files: WEB_SHARED.map((folder) => `apps/web/src/${folder}/**/*.{ts,tsx}`),
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^@/(features|app)(/|$)',
            message:
              'components/, lib/ and stores/ are shared by every feature and import none, nor the routes (apps/web/README.md).',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', processEnvOnlyInConfig],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...[...SERVER_FEATURES, 'lib'].flatMap((folder) =>
    FOLDER_DEPTHS.map((depth) => serverBorders(folder, depth)),
  ),
  ...WEB_FEATURES.flatMap((feature) =>
    FOLDER_DEPTHS.flatMap((depth) => [
      webFeatureBorders(feature, depth, false),
      webFeatureBorders(feature, depth, true),
    ]),
  ),
  webSharedBorders,
  {
    // Tests and their kits may build whole apps.
    files: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*-test-kit.ts',
      'apps/server/src/**/test-kit/**',
      'apps/server/src/**/test-fixtures/**',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // The config module, test harnesses and tool configs are where the environment is read.
    files: [
      'apps/server/src/lib/config.ts',
      'packages/devnet/src/config.ts',
      'apps/server/src/test/**',
      '**/*.test.ts',
      '**/*.config.ts',
      'e2e/**',
      'bench/**',
      'scripts/**',
      'apps/server/src/**/*-cli.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
