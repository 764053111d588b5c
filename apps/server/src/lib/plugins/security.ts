import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/** HSTS for two years, subdomains included: what helmet would send, but only over HTTPS. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * The headers of a page and of the files it loads. The session token lives in browser storage
 * (the spec's client expects it there), so the page gets a strict CSP: no inline or third-party
 * scripts, nothing loaded from elsewhere. The web app's plugin sets them on what it serves
 * (web-app.ts), over the API's set that every answer starts with.
 */
export const pageSecurityHeaders: Readonly<Record<string, string>> = helmetHeaders({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // The old header says what `frame-ancestors 'none'` says, for browsers that only read it.
  xFrameOptions: { action: 'deny' },
  // HSTS means "this host is HTTPS only": said over plain HTTP (the embedded default, a LAN
  // install) it is false, and browsers ignore it there anyway. It is sent only when the request
  // came over HTTPS: directly, or, with TRUST_PROXY, as the proxy's X-Forwarded-Proto says
  // (Fastify's `request.protocol` reads both, and ignores the header without TRUST_PROXY).
  strictTransportSecurity: false,
});

/**
 * The headers of an API answer (JSON, never a document a browser renders): the page's policy
 * says what a page may load, which means nothing for JSON, and at 555 bytes it was a fifth of
 * a token detail's answer and the largest part of what the bench's bare route did not send
 * (docs/speed-log.md). What matters for an answer is kept: no sniffing it into HTML, no
 * rendering or framing it if it is opened as a page (`default-src 'none'`), and no reading it
 * from another origin's `<script>` or `<img>` (CORP).
 */
const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const overHttps = { ...API_SECURITY_HEADERS, 'strict-transport-security': HSTS };
  // One synchronous hook for every request: a second, asynchronous one (HSTS in onSend) cost a
  // promise and a turn of the hook runner per answer, and the request's protocol is known here.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? overHttps : API_SECURITY_HEADERS);
    done();
  });
  // No origin listed: same-origin only, which needs no CORS handling at all (the plugin with
  // `origin: false` adds nothing, yet costs a hook on every request).
  if (config.CORS_ORIGINS.length === 0) return;
  await app.register(cors, {
    // Same-origin by default; other origins only when listed in CORS_ORIGINS.
    origin: config.CORS_ORIGINS,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Accept'],
    credentials: false,
    maxAge: 600,
  });
}

/**
 * The headers helmet sends with these options, read once. They depend on nothing in the
 * request (no nonces), and `@fastify/helmet` built helmet's middleware anew on every request,
 * parsing the CSP each time: an eighth of the server's CPU under load on a cached list.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure !== undefined) throw failure;
  if (!headers['content-security-policy']) throw new Error('helmet set no security headers');
  return headers;
}
