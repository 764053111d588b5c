/**
 * The ceiling for an answer of a given size on this machine: a bare Fastify route that answers a
 * page object held in memory, serialised per request (JSON.stringify, as a route without a
 * response schema does), with no logger, no hooks, no database. `research-api.ts` starts it in
 * its own process, like the real server, and compares each scenario's req/s to it.
 *
 * Environment: PORT, BARE_PAGES_FILE (JSON `{ "list": {...}, "detail": {...}, "details": {...} }`:
 * the answers of a real list page, of a real detail, and of each detail the benchmark asks by
 * `{address}?network={chain}`, captured by the benchmark from the real server).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const pages = JSON.parse(readFileSync(process.env.BARE_PAGES_FILE ?? '', 'utf8')) as {
  list: unknown;
  detail: unknown;
  details: Record<string, unknown>;
};
const details = new Map(Object.entries(pages.details));
const app = Fastify({ logger: false });
// Asked with the real routes' query strings and path parameter (ignored): the same parsing
// and routing as theirs, the same answer whatever was asked.
app.get('/list', async () => pages.list);
app.get('/detail/:id', async () => pages.detail);
// Each token's own detail, found by what our route reads (the path's id, the query's network):
// the ceiling of a mix whose answers differ in size.
app.get<{ Params: { id: string }; Querystring: { network?: string } }>(
  '/details/:id',
  async (request, reply) => {
    const answer = details.get(`${request.params.id}?network=${request.query.network ?? ''}`);
    return answer ?? reply.code(404).send({ message: 'not captured' });
  },
);
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
// An exit of its own on the benchmark's SIGTERM, so a profile asked with BENCH_SERVER_NODE_ARGS
// ('--cpu-prof') is written, as the real server's is.
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
