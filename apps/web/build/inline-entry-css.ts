import type { Plugin } from 'vite';

/**
 * Puts the entry's stylesheet (the base styles every page needs, about 5 kB gzipped) inside
 * index.html instead of linking it: a linked stylesheet blocks the first paint for one more round
 * trip (Lighthouse's "render-blocking requests", 150 ms on its mobile profile). The page's CSP
 * allows inline styles. Screens' own stylesheets stay files, fetched with their chunks.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'vaultscope:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset' || typeof html.source !== 'string') return;
      html.source = html.source.replace(
        /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
        (tag, fileName: string) => {
          const css = bundle[fileName];
          if (!css || css.type !== 'asset') return tag;
          const text =
            typeof css.source === 'string' ? css.source : Buffer.from(css.source).toString();
          // A disabled link to the file, which the browser does not fetch, tells Vite's loader
          // that the page has these rules: a lazy chunk that lists this stylesheet then adds
          // no link, which would fetch it and apply every rule a second time.
          return `<style>${text.replaceAll('</style', '<\\/style')}</style><link rel="stylesheet" href="/${fileName}" disabled>`;
        },
      );
    },
  };
}
