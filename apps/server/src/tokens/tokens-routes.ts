import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  allTokensQuerySchema,
  apiPaths,
  candlesQuerySchema,
  candlesResponseSchema,
  cexListQuerySchema,
  cexPriceParamsSchema,
  cexPriceResponseSchema,
  cexTokenListResponseSchema,
  errorResponseSchema,
  tokenByIdParamsSchema,
  tokenByIdQuerySchema,
  tokenByIdResponseSchema,
  tokenDetailParamsSchema,
  tokenDetailQuerySchema,
  tokenDetailResponseSchema,
  type TokenDetailResponse,
  tokenListQuerySchema,
  tokenListResponseSchema,
  type TokenListResponse,
  marketDataParamsSchema,
  tradesQuerySchema,
  tradesResponseSchema,
} from '@vaultscope/core';
import { optionalUser } from '../lib/session/session';
import { paramRoute } from '../lib/param-route';
import { keptQueryValidatorCompiler } from '../lib/query-validator';
import { listPageJson } from './list-json';
import type { TokenResearch } from './token-research';
import type { ListOrder } from './token-list-index';

export interface TokensRoutesOptions {
  research: TokenResearch;
}

const failures = { 400: errorResponseSchema };
const lookups = { 400: errorResponseSchema, 404: errorResponseSchema };
const scanFailures = { ...lookups, 429: errorResponseSchema, 503: errorResponseSchema };

/** The caller's id when the request carries a live session (lists stay open to visitors). */
async function callerId(request: FastifyRequest): Promise<string | undefined> {
  return (await optionalUser(request))?.id;
}

/**
 * Token research: the spec's DEX lists (`/check-token`, `/fetch-top`, `/new-pools`) and detail
 * (`/get-token-details/{id}`), the all-token and token-by-id calls, the CEX list and price page.
 * Open to anonymous visitors; a bearer session adds `is_favourite`.
 */
export async function tokensRoutes(
  fastify: FastifyInstance,
  { research }: TokensRoutesOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['token research'];

  const lists: [string, ListOrder, typeof tokenListQuerySchema, string][] = [
    [apiPaths.tokens.checkToken, 'liquidity', tokenListQuerySchema, 'Tokens, most liquid first.'],
    [apiPaths.tokens.fetchTop, 'gainers', tokenListQuerySchema, 'Top gainers by 24 h change.'],
    [apiPaths.tokens.newPools, 'newest', tokenListQuerySchema, 'Newest pools first.'],
    [apiPaths.tokens.allTokens, 'liquidity', allTokensQuerySchema, 'All tokens, 50 a page.'],
  ];
  for (const [url, order, querystring, description] of lists) {
    app.get(
      url,
      {
        config: { responseCache: true },
        // The filters and page are validated once per different query, not on every request.
        validatorCompiler: keptQueryValidatorCompiler,
        // The rows were parsed by core's row schema when they were built (`listRowSchema`),
        // and the envelope is ours: the response schema stays for the OpenAPI document, but a
        // second pass over every row of every answer was two fifths of an uncached list's CPU.
        // A page arrives written (`listPageJson`); errors are objects.
        serializerCompiler: () => (payload) =>
          typeof payload === 'string' ? payload : JSON.stringify(payload),
        schema: {
          tags,
          description,
          querystring,
          response: { 200: tokenListResponseSchema, ...failures },
        },
      },
      async (request, reply) => {
        const page = await research.list(order, request.query, await callerId(request));
        // The answer's JSON, written from the page (the type provider knows only objects).
        const json = listPageJson(page) as unknown as TokenListResponse;
        return reply.type('application/json; charset=utf-8').send(json);
      },
    );
  }

  app.get(
    paramRoute(apiPaths.tokens.details, 'id'),
    {
      config: { responseCache: true },
      schema: {
        tags,
        description:
          'Token detail with its score; `network` is the chain code. A token with no report is ' +
          'scanned by the analyzer: the answer waits about 2 s for it, else 404 `Record not ' +
          'found, will get back shortly` while the scan runs on (poll again). 400 for an ' +
          'address without contract code or a chain this server cannot scan, 429 for too many ' +
          'new scans, 503 when the chain does not answer.',
        params: tokenDetailParamsSchema,
        querystring: tokenDetailQuerySchema,
        response: { 200: tokenDetailResponseSchema, ...scanFailures },
      },
    },
    async (request, reply) => {
      const answer = await research.detailAnswer(request.params.id, request.query.network, {
        userId: await callerId(request),
        ip: request.ip,
      });
      // Any other answer is an object, which the schema serialises.
      if (!Buffer.isBuffer(answer)) return answer;
      // A held token's answer arrives written by the detail's read model (`detailAnswer`, byte
      // for byte what the schema's serialiser writes, as UTF-8): Fastify sends a buffer as it
      // is, without the serialiser. The type provider knows only objects.
      const json = answer as unknown as TokenDetailResponse;
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    paramRoute(apiPaths.tokens.byId, 'address'),
    {
      config: { responseCache: true },
      schema: {
        tags,
        description: 'One DEX token as a list row.',
        params: tokenByIdParamsSchema,
        querystring: tokenByIdQuerySchema,
        response: { 200: tokenByIdResponseSchema, ...lookups },
      },
    },
    async (request) =>
      research.byId(request.params.address, request.query.chainName, await callerId(request)),
  );

  app.get(
    paramRoute(apiPaths.tokens.candles, 'address'),
    {
      config: { responseCache: true },
      schema: {
        tags,
        description:
          "OHLCV candles (USD) of the token's primary pool, its deepest pool on the chain's " +
          'indexed DEXes, oldest first: `interval` 1m, 5m, 15m, 1h, 4h or 1d; `from` and `to` ' +
          'in Unix seconds, both inclusive (`to` defaults to now, `from` to 300 candles before ' +
          '`to`). At most 1,000 candles a call: a wider range, `from` after `to` or an unknown ' +
          'interval is a 400. Buckets without trades are left out. A token no indexed pool ' +
          'holds has `pairAddress` null and no candles. On a chain our indexer does not serve, ' +
          "the candles are the live DEX provider's (GeckoTerminal, `trades` null: it counts " +
          'no swaps) for the primary pool the lists show, kept a minute per pool and interval; ' +
          'a provider that fails answers no candles, not an error. Without such a provider, or ' +
          'for a token not listed, `pairAddress` is null and there are no candles.',
        params: marketDataParamsSchema,
        querystring: candlesQuerySchema,
        response: { 200: candlesResponseSchema, ...failures },
      },
    },
    async (request) => research.candles(request.params.address, request.query),
  );

  app.get(
    paramRoute(apiPaths.tokens.trades, 'address'),
    {
      config: { responseCache: true },
      schema: {
        tags,
        description:
          "The latest trades of the token's primary pool, newest first (`limit` 1-100, 50 by " +
          'default): time, buy or sell of the token, amounts in whole tokens as decimal ' +
          'strings, USD price and size, the trader and the transaction hash.',
        params: marketDataParamsSchema,
        querystring: tradesQuerySchema,
        response: { 200: tradesResponseSchema, ...failures },
      },
    },
    async (request) => research.trades(request.params.address, request.query),
  );

  app.get(
    apiPaths.cex.tokens,
    {
      config: { responseCache: true },
      schema: {
        tags,
        description: 'CEX coins by market-cap rank.',
        querystring: cexListQuerySchema,
        response: { 200: cexTokenListResponseSchema, ...failures },
      },
    },
    async (request) => research.cexList(request.query, await callerId(request)),
  );

  app.get(
    paramRoute(apiPaths.cex.price, 'tokenAddress'),
    {
      config: { responseCache: true },
      schema: {
        tags,
        description: 'The CEX price page of a coin, by contract address or coin id.',
        params: cexPriceParamsSchema,
        response: { 200: cexPriceResponseSchema, ...lookups },
      },
    },
    async (request) => research.cexPrice(request.params.tokenAddress, await callerId(request)),
  );
}
