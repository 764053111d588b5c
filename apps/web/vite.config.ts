import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
// A relative import: the config runs in Node, which cannot load the core package's TypeScript
// entry through node_modules; this one file has no imports of its own.
import { API_PREFIXES } from '../../packages/core/src/routes/api-paths.ts';
import { inlineEntryCss } from './build/inline-entry-css.ts';
import { precompress } from './build/precompress.ts';
import { prerenderRoutes } from './build/prerender.ts';
import { routePreload } from './build/route-preload.ts';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';

/** The API runs on its own port in development; in production the server serves both. */
const API_TARGET = 'http://127.0.0.1:3000';

/**
 * Every API prefix goes to the server. The keys are anchored regular expressions so that `/api`
 * does not also catch a web route that merely starts with the same letters.
 */
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  [...API_PREFIXES, '/dev/outbox'].map((prefix) => [
    `^${prefix}(?:[/?]|$)`,
    { target: API_TARGET, changeOrigin: false },
  ]),
);

export default defineConfig({
  plugins: [
    react(),
    zodWithoutJsonSchema(),
    inlineEntryCss(),
    routePreload(),
    prerenderRoutes(),
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Which files each route needs: read by the size budget (build/bundle-budget.test.ts).
    manifest: true,
    // Inline assets would become data: URLs, which the server's CSP does not allow for scripts.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: a separate chunk stays cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // zod in chunks of its own: the login page paints without it (the form's check,
            // the login answer and the stored session fetch it when needed), where rolldown's
            // default grouping would fold it into the entry chunk. Its core and `zod/mini` (the
            // lists' schemas) apart from the classic API, which builds on them: a visitor's
            // lists load only the first.
            {
              name: 'zod-core',
              test: /node_modules[\\/]zod[\\/](?:v4[\\/])?(?:core|mini|locales)[\\/]/,
              priority: 2,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
