import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROUTE_DATA_ID, ROUTE_SCRIPTS_ID, routeParamNames } from '@vaultscope/core';
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
      /** For a path with parameters: what stands for each one's value in `html`. */
      params: z.record(z.string(), z.string().regex(/^\w{8,}$/)).optional(),
    }),
  ),
});

/**
 * A parameter's value that may be written into a frame: letters and digits, as an EVM or Solana
 * address is. Nothing in it needs escaping in HTML or differs once the router has decoded it, so
 * the app hydrates the same text. A path with any other value gets the page without its frame.
 */
const FRAMEABLE_VALUE = /^[0-9A-Za-z]{1,128}$/;

/**
 * `/details/:tokenAddress` -> a case-sensitive, anchored pattern (react-router's syntax) with a
 * group per parameter, in order.
 */
function pathPattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
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

interface StaticPage {
  html: Buffer;
  /** Compressed copies, made on first request (once per path and encoding). */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

interface RoutePage {
  pattern: RegExp;
  /** The page as it is for every request of the path (without a frame, for a framed template). */
  page: StaticPage;
  /**
   * A frame with parameters: the HTML cut at each parameter's marker, `parts[0]`, then the value
   * of `params[0]`, then `parts[1]`, and so on. The path's values are written in per request.
   */
  template?: { parts: string[]; params: number[] };
}

export interface RoutePages {
  /**
   * The HTML for `pathname` with its chunks named, encoded as asked; none for other paths. With
   * `data` (JSON), the page carries it in a data block ({@link dataBlock}).
   */
  find(
    pathname: string,
    acceptEncoding: string | undefined,
    data?: string,
  ): { body: Buffer; encoding: Encoding } | undefined;
}

/**
 * `json` as a data block: `<script type="application/json">`, which the browser never runs (the
 * CSP forbids inline scripts, not data) and the app reads with `JSON.parse`. The text is
 * attacker-controlled in part (a token's name comes from its chain): `<`, `>` and `&` are
 * written as JSON escapes, so no `</script>` or `<!--` can end or bend the block, and so are
 * U+2028 and U+2029. JSON.parse gives back the same value; valid JSON has these characters only
 * inside strings, where the escapes mean them.
 */
export function dataBlock(json: string): string {
  const escaped = json.replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${ROUTE_DATA_ID}">${escaped}</script>`;
}

/**
 * A stylesheet's text in a `<style>`, with a `disabled` link to its file beside it: the browser
 * does not fetch a disabled stylesheet, and Vite's loader, which adds a stylesheet link for each
 * stylesheet of a lazy chunk unless the page has one for that file, finds it and adds none. Without
 * it the browser fetched the file again and recalculated the whole document's style with every
 * rule twice (7-11 ms on a fast machine, at Home's first lazy part).
 */
const inlinedStylesheet = (href: string, css: string): string =>
  `<style>${css.replaceAll('</style', '<\\/style')}</style><link rel="stylesheet" href="${href}" disabled>`;

/** `html` with the data block of `data` at the end of its body. */
function withData(html: string, data: string): string {
  const end = html.lastIndexOf('</body>');
  const at = end === -1 ? html.length : end;
  return `${html.slice(0, at)}${dataBlock(data)}${html.slice(at)}`;
}

/** One request's HTML, compressed for it: fast settings, as it is made per request. */
function encodePerRequest(html: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br')
    return zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
    });
  return encoding === 'gzip' ? zlib.gzipSync(html) : html;
}

/** The static page's body in `encoding`, compressed once (best settings) and kept. */
function encodeKept(page: StaticPage, encoding: Encoding): Buffer {
  if (encoding === 'identity') return page.html;
  page.encoded[encoding] ??=
    encoding === 'br' ? zlib.brotliCompressSync(page.html) : zlib.gzipSync(page.html);
  return page.encoded[encoding];
}

/** `html` cut at each marker of `params` (name -> marker); undefined when it holds none. */
function templateOf(
  html: string,
  paramNames: readonly string[],
  params: Record<string, string>,
): RoutePage['template'] | undefined {
  const byMarker = new Map(
    Object.entries(params)
      .filter(([name]) => paramNames.includes(name))
      .map(([name, marker]) => [marker, paramNames.indexOf(name)]),
  );
  if (byMarker.size === 0) return undefined;
  // Markers are word characters only (the schema): safe in a pattern as they are.
  const pieces = html.split(new RegExp(`(${[...byMarker.keys()].join('|')})`));
  if (pieces.length === 1) return undefined;
  const parts = pieces.filter((_, index) => index % 2 === 0);
  const order = pieces.filter((_, index) => index % 2 === 1).map((m) => byMarker.get(m) ?? 0);
  return { parts, params: order };
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
 * so a deep link the app draws itself downloads its screen beside the entry instead of after the
 * entry has run. `crossorigin` matches the requests Vite's loader makes, so the preloaded files
 * are reused.
 *
 * A path the build prerendered (`html`) gets its first frame inside #root, which the browser
 * paints before any script has run (the app hydrates it), and its stylesheets' text in a
 * `<style>` of its head: the frame must not paint without its styles, and a stylesheet request
 * queued behind the scripts held the first paint 180 ms on Lighthouse's phone (slow 4G). Vite's
 * loader fetches the file later with the screen's code; the rules are the same. A stylesheet the
 * build did not write stays a link.
 *
 * A path with parameters whose frame holds their markers (a token's detail, with the address
 * asked for) is a template: each request's values are written in, if they are letters and digits
 * only (`FRAMEABLE_VALUE`), and that page is compressed for the request (brotli at quality 5:
 * well under a millisecond for its 30 kB); with any other value the path gets its page without
 * the frame, which the app renders as before. Its frame, the detail's loading page, holds the
 * screen's scripts in a `<template>`: inert, until the app moves them into the head once the
 * frame has been shown (main.tsx says why). Nothing on that frame waits for them but the menu;
 * a frame with a list to search or a tab to press keeps its links active, so that it is
 * hydrated as early as it can be (what a user does on it before that is lost).
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
        const htmlOf = (frame: string | undefined, { holdScripts = false } = {}) => {
          const prerendered = frame !== undefined && indexHtml.includes(EMPTY_ROOT);
          const held = prerendered && holdScripts;
          const scripts = route.scripts.map(
            (href) => `<link rel="modulepreload" crossorigin href="${href}">`,
          );
          const links = [
            ...(held && scripts.length > 0
              ? [`<template id="${ROUTE_SCRIPTS_ID}">${scripts.join('')}</template>`]
              : []),
            ...(held ? [] : scripts),
            ...route.styles.map((href) => {
              if (!prerendered) return `<link rel="preload" as="style" crossorigin href="${href}">`;
              const css = readAsset(distDir, href);
              return css === undefined
                ? `<link rel="stylesheet" crossorigin href="${href}">`
                : inlinedStylesheet(href, css);
            }),
          ].join('\n    ');
          const html = links ? indexHtml.replace('</head>', `    ${links}\n  </head>`) : indexHtml;
          // A function, so that `$` in the markup is taken as it is.
          return prerendered
            ? html.replace(EMPTY_ROOT, () => `<div id="root">${frame}</div>`)
            : html;
        };
        const paramNames = routeParamNames(route.path);
        const template =
          route.html !== undefined && route.params && paramNames.length > 0
            ? templateOf(htmlOf(route.html, { holdScripts: true }), paramNames, route.params)
            : undefined;
        // A template's page for other values has no frame; a frame with no marker is static.
        const page = htmlOf(template ? undefined : route.html);
        return {
          pattern: pathPattern(route.path),
          page: { html: Buffer.from(page), encoded: {} },
          ...(template ? { template } : {}),
        };
      });
    }
  }
  return {
    find(pathname, acceptEncoding, data) {
      for (const { pattern, page, template } of pages) {
        const match = pattern.exec(pathname);
        if (!match) continue;
        const encoding = pickEncoding(acceptEncoding);
        const values = match.slice(1);
        if (template && values.every((value) => FRAMEABLE_VALUE.test(value))) {
          const html = template.parts
            .flatMap((part, index) =>
              index < template.params.length
                ? [part, values[template.params[index]!] ?? '']
                : [part],
            )
            .join('');
          const body = Buffer.from(data === undefined ? html : withData(html, data));
          return { body: encodePerRequest(body, encoding), encoding };
        }
        if (data !== undefined) {
          const body = Buffer.from(withData(page.html.toString(), data));
          return { body: encodePerRequest(body, encoding), encoding };
        }
        return { body: encodeKept(page, encoding), encoding };
      }
      return undefined;
    },
  };
}
