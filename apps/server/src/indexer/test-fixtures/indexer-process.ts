/**
 * An indexer alone in a process, for the kill -9 test (`indexer-crash.test.ts`): indexes the
 * chain of `INDEXER_TEST_RPC` with the DEX of `INDEXER_TEST_DEX` (JSON) into the PGlite
 * directory `INDEXER_TEST_DATA`, one block per step, until killed.
 */
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../lib/db/client';
import { ChainIndexer } from '../chain-indexer';

const env = process.env;
const handle = await openDatabase({ dataDir: env.INDEXER_TEST_DATA! });
await handle.migrate();
const indexer = new ChainIndexer({
  chainId: Number(env.INDEXER_TEST_CHAIN),
  rpcUrl: env.INDEXER_TEST_RPC!,
  dexes: [JSON.parse(env.INDEXER_TEST_DEX!)],
  db: handle.db,
  log: pino({ level: 'warn' }) as FastifyBaseLogger,
  maxRange: 1,
  pollMs: 20,
});
indexer.start();
process.stdout.write('started\n');
