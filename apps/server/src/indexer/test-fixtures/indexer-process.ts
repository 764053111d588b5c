/**
 * An indexer alone in a process, for the kill -9 test (`indexer-crash.test.ts`): its one
 * argument is JSON `{ data, chainId, rpcUrl, dex }`; it indexes that chain and DEX into the
 * PGlite directory `data`, one block per step, until killed.
 */
import type { DexConfig } from '@vaultscope/core';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../lib/db/client';
import { ChainIndexer } from '../chain-indexer';

const args = JSON.parse(process.argv[2]!) as {
  data: string;
  chainId: number;
  rpcUrl: string;
  dex: DexConfig;
};
const handle = await openDatabase({ dataDir: args.data });
await handle.migrate();
const indexer = new ChainIndexer({
  chainId: args.chainId,
  rpcUrl: args.rpcUrl,
  dexes: [args.dex],
  db: handle.db,
  log: pino({ level: 'warn' }) as FastifyBaseLogger,
  maxRange: 1,
  pollMs: 20,
});
indexer.start();
process.stdout.write('started\n');
