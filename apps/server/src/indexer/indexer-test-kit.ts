import http from 'node:http';
import type net from 'node:net';
import { Writable } from 'node:stream';
import type { DexConfig } from '@vaultscope/core';
import { type DevnetMarket, startTradeSimulator, type TradeSimulator } from '@vaultscope/devnet';
import { asc } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from '../lib/db/client';
import { ChainIndexer, type ChainIndexerOptions } from './chain-indexer';
import {
  indexerBalances,
  indexerCandles,
  indexerPools,
  indexerSwaps,
  indexerTokens,
} from './indexer-tables';

/** A migrated test database and a logger whose lines the test can read. */
export async function indexerDatabase(): Promise<{
  handle: DatabaseHandle;
  drop: () => Promise<void>;
}> {
  const { handle, drop } = await openTestDatabase();
  await handle.migrate();
  return {
    handle,
    drop: async () => {
      await handle.close();
      await drop();
    },
  };
}

export function capturedLog(): { log: FastifyBaseLogger; lines: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return {
    log: pino({ level: 'debug' }, stream) as FastifyBaseLogger,
    lines: () => lines.join(''),
  };
}

export function newIndexer(
  handle: DatabaseHandle,
  rpcUrl: string,
  chainId: number,
  dexes: readonly DexConfig[],
  options: Partial<ChainIndexerOptions> = {},
): ChainIndexer {
  return new ChainIndexer({
    chainId,
    rpcUrl,
    dexes,
    db: handle.db,
    log: options.log ?? capturedLog().log,
    pollMs: 50,
    maxBackoffMs: 200,
    ...options,
  });
}

/** A trade simulator that trades only when the test calls `tick` (seeded: repeatable). */
export function manualTrader(
  chainId: number,
  rpcUrl: string,
  market: DevnetMarket,
  seed = 7,
): TradeSimulator {
  return startTradeSimulator([{ chainId: chainId as 137, rpcUrl, market }], {
    intervalMs: 1e9,
    launchEvery: 8,
    seed,
  });
}

const figure = (value: number | null) => (value === null ? null : Number(value.toPrecision(10)));

/**
 * Everything the indexer derived, in a stable order with display figures rounded to ten
 * significant digits (sums added in a different order may differ in the last bits).
 */
export async function indexedState(handle: DatabaseHandle) {
  const { db } = handle;
  const swaps = await db
    .select()
    .from(indexerSwaps)
    .orderBy(asc(indexerSwaps.blockNumber), asc(indexerSwaps.logIndex));
  const pools = await db.select().from(indexerPools).orderBy(asc(indexerPools.address));
  const candles = await db
    .select()
    .from(indexerCandles)
    .orderBy(asc(indexerCandles.pool), asc(indexerCandles.interval), asc(indexerCandles.bucket));
  const balances = await db
    .select()
    .from(indexerBalances)
    .orderBy(asc(indexerBalances.token), asc(indexerBalances.holder));
  const tokens = await db.select().from(indexerTokens).orderBy(asc(indexerTokens.address));
  return {
    swaps: swaps.map((swap) => ({
      ...swap,
      priceQuote: figure(swap.priceQuote),
      priceUsd: figure(swap.priceUsd),
      volumeUsd: figure(swap.volumeUsd),
    })),
    pools: pools.map((pool) => ({
      address: pool.address,
      base: pool.baseToken,
      quote: pool.quoteToken,
      reserve0: pool.reserve0,
      reserve1: pool.reserve1,
      createdBlock: pool.createdBlock,
      createdAt: pool.createdAt,
      priceQuote: figure(pool.priceQuote),
      priceUsd: figure(pool.priceUsd),
      liquidityUsd: figure(pool.liquidityUsd),
    })),
    candles: candles.map((candle) => ({
      pool: candle.pool,
      interval: candle.interval,
      bucket: candle.bucket,
      open: figure(candle.open),
      high: figure(candle.high),
      low: figure(candle.low),
      close: figure(candle.close),
      volumeUsd: figure(candle.volumeUsd),
      trades: candle.trades,
    })),
    balances: balances
      .filter((row) => row.balance !== '0')
      .map((row) => ({ token: row.token, holder: row.holder, balance: row.balance })),
    tokens: tokens.map((token) => ({
      address: token.address,
      symbol: token.symbol,
      decimals: token.decimals,
      totalSupply: token.totalSupply,
      holderCount: token.holderCount,
      problem: token.problem,
    })),
  };
}

export interface RefusingProxy {
  url: string;
  /** `eth_getLogs` calls refused for covering more than the limit. */
  refused: number;
  /** `eth_getLogs` calls answered. */
  answered: number;
  close(): Promise<void>;
}

/**
 * A JSON-RPC proxy in front of a real node that refuses `eth_getLogs` over more than
 * `maxBlocks` blocks with the error hosted nodes give (`-32005`, too many results).
 */
export async function startRefusingProxy(
  target: string,
  maxBlocks: number,
): Promise<RefusingProxy> {
  const state = { refused: 0, answered: 0 };
  const proxy = await startRewritingProxy(target, (call) => {
    if (call.method !== 'eth_getLogs') return undefined;
    const filter = call.params?.[0] as { fromBlock: string; toBlock: string };
    const span = Number(BigInt(filter.toBlock)) - Number(BigInt(filter.fromBlock)) + 1;
    if (span <= maxBlocks) {
      state.answered += 1;
      return undefined;
    }
    state.refused += 1;
    return { error: { code: -32005, message: 'query returned more than 10000 results' } };
  });
  return {
    url: proxy.url,
    get refused() {
      return state.refused;
    },
    get answered() {
      return state.answered;
    },
    close: () => proxy.close(),
  };
}

export interface FailingProxy {
  url: string;
  /** While true, requests holding a call that `fails` picks get an HTTP 503. */
  failing: boolean;
  /** Requests answered with a 503 so far. */
  failed: number;
  close(): Promise<void>;
}

/**
 * A JSON-RPC proxy in front of a real node that, while `failing` is set, answers every request
 * holding a call `fails` picks with an HTTP 503 (a node down for a while: the whole batch is
 * lost, as it would be), and forwards everything else.
 */
export async function startFailingProxy(
  target: string,
  fails: (method: string) => boolean,
): Promise<FailingProxy> {
  const state = { failing: true, failed: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString();
        const calls = [JSON.parse(body) as unknown].flat() as { method: string }[];
        if (state.failing && calls.some((call) => fails(call.method))) {
          state.failed += 1;
          response.writeHead(503, { 'content-type': 'text/plain' });
          response.end('upstream unavailable');
          return;
        }
        const forwarded = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(await forwarded.text());
      })().catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    get failed() {
      return state.failed;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface JsonRpcCall {
  id: number;
  method: string;
  params?: unknown[];
}

export interface RewritingProxy {
  url: string;
  /** Calls answered by `rewrite` instead of the node, so far. */
  rewritten: number;
  close(): Promise<void>;
}

/**
 * A JSON-RPC proxy in front of a real node that answers each call (batched or not) for which
 * `rewrite` returns something with that instead (`{ result }` or `{ error }`, with HTTP 200, as
 * a node would), and forwards every other call: a node that misbehaves on exactly one call.
 */
export async function startRewritingProxy(
  target: string,
  rewrite: (call: JsonRpcCall) => { result: unknown } | { error: unknown } | undefined,
): Promise<RewritingProxy> {
  const state = { rewritten: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as unknown;
        const calls = [body].flat() as JsonRpcCall[];
        const answers = await Promise.all(
          calls.map(async (call) => {
            const answer = rewrite(call);
            if (answer) {
              state.rewritten += 1;
              return { jsonrpc: '2.0', id: call.id, ...answer };
            }
            const forwarded = await fetch(target, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(call),
            });
            return (await forwarded.json()) as unknown;
          }),
        );
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(Array.isArray(body) ? answers : answers[0]));
      })().catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get rewritten() {
      return state.rewritten;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether `call` is an `eth_call` of `selector` on `address` (any case). */
export function isCallOf(call: JsonRpcCall, address: string, selector: string): boolean {
  if (call.method !== 'eth_call') return false;
  const request = call.params?.[0] as { to?: string; data?: string; input?: string } | undefined;
  const data = request?.data ?? request?.input ?? '';
  return (
    request?.to?.toLowerCase() === address.toLowerCase() &&
    data.toLowerCase().startsWith(selector.toLowerCase())
  );
}
