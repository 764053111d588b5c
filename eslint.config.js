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
const SERVER_FEATURES = [
  'auth',
  'favourites',
  'health',
  'ico',
  'indexer',
  'mail',
  'notifications',
  'providers',
  'scam',
  'tokens',
  'wallet',
];
const SERVER_PORTS = ['tokens/providers', 'tokens/indexed-market', 'tokens/market-source'];
const SERVER_FOLDER_DEPTHS = [1, 2, 3, 4];

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
    SERVER_FOLDER_DEPTHS.map((depth) => serverBorders(folder, depth)),
  ),
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
