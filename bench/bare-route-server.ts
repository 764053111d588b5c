/**
 * The ceiling for an answer of a given size on this machine: a bare Fastify route that answers a
 * page object held in memory, serialised per request (JSON.stringify, as a route without a
 * response schema does), with no logger, no hooks, no database. `research-api.ts` starts it in
 * its own process, like the real server, and compares each scenario's req/s to it.
 *
 * Environment: PORT, BARE_PAGES_FILE (JSON `{ "list": {...}, "detail": {...} }`: the answers of a
 * real list page and a real detail, captured by the benchmark from the real server).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const pages = JSON.parse(readFileSync(process.env.BARE_PAGES_FILE ?? '', 'utf8')) as {
  list: unknown;
  detail: unknown;
};
const app = Fastify({ logger: false });
// Asked with the real routes' query strings and path parameter (ignored): the same parsing
// and routing as theirs, the same answer whatever was asked.
app.get('/list', async () => pages.list);
app.get('/detail/:id', async () => pages.detail);
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
