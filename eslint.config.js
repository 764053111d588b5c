import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const processEnvOnlyInConfig = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message:
    'Read settings through apps/server/src/lib/config.ts (loadConfig), the one validated home of the environment.',
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
