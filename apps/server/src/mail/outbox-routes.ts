import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, outboxResponseSchema, webRoutes } from '@vaultscope/core';
import type { OutboxTransport } from './transport';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Dev-only: the mail the embedded default kept instead of sending. Never registered in production. */
export async function outboxRoutes(
  fastify: FastifyInstance,
  options: { outbox: OutboxTransport },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev outbox · Vaultscope</title>` +
          `<style>body{font:15px system-ui,sans-serif;background:#0b0f17;color:#e6e9ef;max-width:760px;margin:2rem auto;padding:0 1rem}article{background:#151b27;border:1px solid #263042;border-radius:10px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1rem}.meta{color:#8b95a7;margin:.3rem 0}pre{white-space:pre-wrap;font:inherit}</style>` +
          `</head><body><h1>Dev outbox</h1><p>Mail the embedded default kept instead of sending, newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });
}
