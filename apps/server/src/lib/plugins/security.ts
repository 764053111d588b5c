import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** HSTS for two years, subdomains included: what helmet would send, but only over HTTPS. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * The session token lives in browser storage (the spec's client expects it there), so the
 * page gets a strict CSP: no inline or third-party scripts, nothing loaded from elsewhere.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
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
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  await app.register(cors, {
    // Same-origin by default; other origins only when listed in CORS_ORIGINS.
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Accept'],
    credentials: false,
    maxAge: 600,
  });
}
