import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, outboxResponseSchema, webRoutes } from '@vaultscope/core';
import { isLoopback } from '../lib/config';
import { pageSecurityHeaders } from '../lib/plugins/security';
import type { OutboxTransport } from './transport';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The host name the browser asked for, from the raw `Host` header (port and brackets off). */
function askedHost(request: FastifyRequest): string {
  try {
    return new URL(`http://${request.headers.host ?? ''}`).hostname;
  } catch {
    return '';
  }
}

/**
 * Whether the request comes from this machine itself. The socket's address decides, never a
 * forwarding header (with TRUST_PROXY anyone can write `X-Forwarded-For: 127.0.0.1`); and a
 * request that carries such a header came through a proxy, so from somewhere else. The `Host`
 * must name loopback too: a web page whose name an attacker re-points at 127.0.0.1 (DNS
 * rebinding) makes the developer's own browser a loopback client, but asks for the attacker's
 * host name, never for `localhost`.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = ['x-forwarded-for', 'x-forwarded-host', 'forwarded', 'x-real-ip'].some(
    (name) => request.headers[name] !== undefined,
  );
  return (
    !forwarded && isLoopback(request.socket.remoteAddress ?? '') && isLoopback(askedHost(request))
  );
}

/**
 * Dev-only: the mail the embedded default kept instead of sending. Never registered in
 * production. It holds every password reset code, so it answers loopback clients only: anyone
 * else gets the 404 of a path that does not exist.
 */
export async function outboxRoutes(
  fastify: FastifyInstance,
  options: { outbox: OutboxTransport },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request, reply) => {
    if (!fromThisMachine(request))
      return reply
        .code(404)
        .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });

  app.get(
    apiPaths.devOutbox,
    { schema: { tags: ['dev'], response: { 200: outboxResponseSchema } } },
    async () => ({ data: await options.outbox.list() }),
  );

  app.get(webRoutes.devOutbox, { schema: { hide: true } }, async (_request, reply) => {
    const mails = await options.outbox.list();
    const items = mails
      .map(
        (mail) =>
          `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">to ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt)}</p><pre>${escapeHtml(mail.text)}</pre></article>`,
      )
      .join('\n');
    // A page, with the page's policy: the API's forbids its inline style.
    return reply
      .headers(pageSecurityHeaders)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev outbox · Vaultscope</title>` +
          `<style>body{font:15px system-ui,sans-serif;background:#0b0f17;color:#e6e9ef;max-width:760px;margin:2rem auto;padding:0 1rem}article{background:#151b27;border:1px solid #263042;border-radius:10px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1rem}.meta{color:#8b95a7;margin:.3rem 0}pre{white-space:pre-wrap;font:inherit}</style>` +
          `</head><body><h1>Dev outbox</h1><p>Mail the embedded default kept instead of sending, newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
}
