import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIXES } from '@vaultscope/core';
import { loadRoutePages, type RoutePages } from './route-preload';
import { pageSecurityHeaders } from './security';

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export interface WebAppOptions {
  /**
   * The data a page's first load needs, as JSON, for its HTML to carry (a token detail's
   * answer); undefined for a page that carries none. It must be the same for every viewer: the
   * HTML is not private (`no-cache` lets a shared cache store it).
   */
  pageData?: (
    request: FastifyRequest,
    pathname: string,
    search: URLSearchParams,
  ) => Promise<string | undefined>;
}

/**
 * Serves the built single-page app: files as they are, and index.html for every other GET
 * outside the API, so deep links and reloads work. API misses stay JSON 404s.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  { pageData }: WebAppOptions = {},
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  // Read once: a new build means a restart, as for the hashed assets it names.
  const routePages: RoutePages | undefined = built
    ? loadRoutePages(distDir, fs.readFileSync(indexFile, 'utf8'))
    : undefined;
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts): chosen here from
      // Accept-Encoding, with Vary: Accept-Encoding, and never compressed again per request.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        void reply.headers(pageSecurityHeaders);
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const [pathname = '/', query = ''] = request.url.split('?', 2);
    // A missing file (an old bundle name after a rebuild, a typo) is a 404, never the app's HTML.
    const looksLikeFile = /\.[A-Za-z0-9]+$/.test(pathname) || pathname.startsWith('/assets/');
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      isApiPath(request.url) ||
      looksLikeFile
    ) {
      return reply
        .code(404)
        .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
    }
    // A page from here on: its policy over the API answer's that every request starts with.
    void reply.headers(pageSecurityHeaders);
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send(
          'The web app is not built yet: run `npm run build` (or `npm start`, which builds it).',
        );
    }
    // A HEAD request gets no body: no data is read for it.
    const data =
      request.method === 'GET'
        ? await pageData?.(request, pathname, new URLSearchParams(query))
        : undefined;
    const page = routePages?.find(pathname, request.headers['accept-encoding'], data);
    if (page) {
      void reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8');
      if (page.encoding !== 'identity') void reply.header('content-encoding', page.encoding);
      return reply.send(page.body);
    }
    // cacheControl off: the file sender would replace no-cache with its own max-age.
    return reply
      .header('cache-control', 'no-cache')
      .sendFile('index.html', { cacheControl: false });
  });
}
