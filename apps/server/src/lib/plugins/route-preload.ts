import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { z } from 'zod';

/** Written by the web build (apps/web/build/route-preload.ts): each path's chunks. */
export const ROUTE_PRELOAD_FILE = path.join('.vite', 'route-preload.json');

const assetPath = z.string().regex(/^\/assets\/[\w.-]+\.(?:js|css)$/);
const routePreloadFile = z.object({
  routes: z.array(
    z.object({
      path: z.string().startsWith('/'),
      scripts: z.array(assetPath),
      styles: z.array(assetPath),
      /** The path's first frame, prerendered by the build (apps/web/build/prerender.ts). */
      html: z.string().optional(),
    }),
  ),
});

/** `/details/:tokenAddress` -> a case-sensitive, anchored pattern (react-router's syntax). */
function pathPattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

type Encoding = 'br' | 'gzip' | 'identity';

/** br, then gzip, from `Accept-Encoding` (a `;q=0` refuses one); identity otherwise. */
export function pickEncoding(header: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

interface RoutePage {
  pattern: RegExp;
  html: Buffer;
  /** Compressed copies, made on first request (once per path and encoding). */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

export interface RoutePages {
  /** The HTML for `pathname` with its chunks named, encoded as asked; none for other paths. */
  find(
    pathname: string,
    acceptEncoding: string | undefined,
  ): { body: Buffer; encoding: Encoding } | undefined;
}

/** A built asset's text (`/assets/….css`, checked by `assetPath`), or undefined if missing. */
function readAsset(distDir: string, href: string): string | undefined {
  try {
    return fs.readFileSync(path.join(distDir, href), 'utf8');
  } catch {
    return undefined;
  }
}

/** index.html's empty root, where a prerendered frame goes. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * index.html for each path of the route map, with that route's chunks named in its head
 * (`<link rel="modulepreload">` for scripts, `<link rel="preload" as="style">` for stylesheets),
 * so a deep link downloads its screen beside the entry instead of after the entry has run.
 * `crossorigin` matches the requests Vite's loader makes, so the preloaded files are reused.
 *
 * A path the build prerendered (`html`) gets its first frame inside #root, which the browser
 * paints before any script has run (the app hydrates it), and its stylesheets' text in a
 * `<style>` of its head: the frame must not paint without its styles, and a stylesheet request
 * queued behind the scripts held the first paint 180 ms on Lighthouse's phone (slow 4G). Vite's
 * loader fetches the file later with the screen's code; the rules are the same. A stylesheet the
 * build did not write stays a link.
 *
 * No map (an older build, a build without the plugin) or an unreadable one: no pages, and every
 * path gets the plain index.html as before.
 */
export function loadRoutePages(distDir: string, indexHtml: string): RoutePages {
  const file = path.join(distDir, ROUTE_PRELOAD_FILE);
  let pages: RoutePage[] = [];
  if (fs.existsSync(file)) {
    const parsed = routePreloadFile.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (parsed.success && indexHtml.includes('</head>')) {
      pages = parsed.data.routes.map((route) => {
        const prerendered = route.html !== undefined && indexHtml.includes(EMPTY_ROOT);
        const links = [
          ...route.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
          ...route.styles.map((href) => {
            if (!prerendered) return `<link rel="preload" as="style" crossorigin href="${href}">`;
            const css = readAsset(distDir, href);
            return css === undefined
              ? `<link rel="stylesheet" crossorigin href="${href}">`
              : `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
          }),
        ].join('\n    ');
        let html = links ? indexHtml.replace('</head>', `    ${links}\n  </head>`) : indexHtml;
        // A function, so that `$` in the markup is taken as it is.
        if (prerendered)
          html = html.replace(EMPTY_ROOT, () => `<div id="root">${route.html}</div>`);
        return { pattern: pathPattern(route.path), html: Buffer.from(html), encoded: {} };
      });
    }
  }
  return {
    find(pathname, acceptEncoding) {
      const page = pages.find((p) => p.pattern.test(pathname));
      if (!page) return undefined;
      const encoding = pickEncoding(acceptEncoding);
      if (encoding === 'identity') return { body: page.html, encoding };
      page.encoded[encoding] ??=
        encoding === 'br' ? zlib.brotliCompressSync(page.html) : zlib.gzipSync(page.html);
      return { body: page.encoded[encoding], encoding };
    },
  };
}
