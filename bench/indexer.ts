/**
 * The DEX indexer (issue 13):
 *
 *   npm run bench:indexer        (npx tsx bench/indexer.ts)
 *
 * Sections, run in this order (BENCH_SECTIONS=backfill,serving picks some):
 * - `backfill`: logs per second of a backfill from an empty database. Generates BENCH_SWAPS
 *   (100,000) swaps on a local Polygon (chain 137) with its Uniswap V2 market (packages/devnet):
 *   automine off, a block gas limit of 1e9 and BENCH_SWAPS_PER_BLOCK (2,000) router buys sent
 *   per block from ten unlocked Anvil accounts, each through one of the native-coin pools. Then a
 *   fresh `ChainIndexer` on PGlite in a temporary directory (the embedded default) reads the
 *   chain from the market's start block to the head; printed: blocks, logs (PairCreated, Sync,
 *   Swap, Mint, Burn, Transfer) and swaps, the time, and logs/s and swaps/s.
 * - `serving`: freshness and list p95 under live updates (bench/market-serving.ts).
 *
 * Benchmarks print figures; they do not fail. Chain, database and indexer share the cores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { encodeFunctionData, type Hex, numberToHex, parseEther } from 'viem';
import { startDevnet, uniswapV2RouterAbi } from '@vaultscope/devnet';
import { ChainIndexer } from '../apps/server/src/indexer/chain-indexer';
import { openDatabase } from '../apps/server/src/lib/db/client';
import { indexerSwaps } from '../apps/server/src/indexer/indexer-tables';
import { count } from 'drizzle-orm';

const SWAPS = Number(process.env.BENCH_SWAPS ?? 100_000);
const PER_BLOCK = Number(process.env.BENCH_SWAPS_PER_BLOCK ?? 2_000);
const SECTIONS = (process.env.BENCH_SECTIONS ?? 'backfill,serving').split(',');
const CHAIN = 137;
/** Ten traders (Anvil's default accounts 1..10), impersonated and funded below. */
const ACCOUNTS: Hex[] = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
  '0xBcd4042DE499D14e55001CcbB24a551F3b954096',
];

async function rpc(
  url: string,
  calls: { method: string; params: unknown[] }[],
): Promise<unknown[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))),
  });
  const answers = (await response.json()) as {
    id: number;
    result?: unknown;
    error?: { message: string };
  }[];
  return answers
    .sort((a, b) => a.id - b.id)
    .map((answer) => {
      if (answer.error) throw new Error(answer.error.message);
      return answer.result;
    });
}

async function backfill(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vaultscope-bench-indexer-'));
  const devnet = await startDevnet({
    dataDir: path.join(dir, 'devnet'),
    basePort: 0,
    chains: [CHAIN],
    markets: true,
    trades: false,
  });
  try {
    const market = devnet.markets[CHAIN]!;
    const url = devnet.rpcUrl(CHAIN);
    const nativePools = market.pools.filter(
      (pool) => pool.quote.address === market.wrappedNative.address,
    );
    console.log(
      `\n## backfill\n\nGenerating ${SWAPS.toLocaleString('en')} swaps over ${nativePools.length} pools on chain ${CHAIN}…`,
    );
    await rpc(url, [
      { method: 'evm_setAutomine', params: [false] },
      // The traders need no keys: Anvil sends for any address it impersonates.
      { method: 'anvil_autoImpersonateAccount', params: [true] },
      ...ACCOUNTS.map((account) => ({
        method: 'anvil_setBalance',
        params: [account, numberToHex(parseEther('1000000'))],
      })),
      { method: 'evm_setBlockGasLimit', params: [numberToHex(1_000_000_000)] },
    ]);
    const nonces = (
      await rpc(
        url,
        ACCOUNTS.map((account) => ({
          method: 'eth_getTransactionCount',
          params: [account, 'latest'],
        })),
      )
    ).map((value) => Number(BigInt(value as Hex)));
    const generated = performance.now();
    for (let sent = 0; sent < SWAPS;) {
      const count = Math.min(PER_BLOCK, SWAPS - sent);
      const calls = Array.from({ length: count }, (_, i) => {
        const n = sent + i;
        const account = n % ACCOUNTS.length;
        const pool = nativePools[n % nativePools.length]!;
        const nonce = nonces[account]!;
        nonces[account] = nonce + 1;
        return {
          method: 'eth_sendTransaction',
          params: [
            {
              from: ACCOUNTS[account],
              to: market.dex.router,
              gas: numberToHex(200_000),
              nonce: numberToHex(nonce),
              value: numberToHex(parseEther('0.001')),
              data: encodeFunctionData({
                abi: uniswapV2RouterAbi,
                functionName: 'swapExactETHForTokens',
                args: [
                  0n,
                  [market.wrappedNative.address, pool.base.address],
                  ACCOUNTS[account]!,
                  2n ** 40n,
                ],
              }),
            },
          ],
        };
      });
      for (let i = 0; i < calls.length; i += 500) await rpc(url, calls.slice(i, i + 500));
      await rpc(url, [{ method: 'evm_mine', params: [] }]);
      sent += count;
      process.stdout.write(`\r  ${sent.toLocaleString('en')} sent`);
    }
    await rpc(url, [{ method: 'evm_setAutomine', params: [true] }]);
    console.log(`\n  generated in ${((performance.now() - generated) / 1000).toFixed(1)} s`);

    const handle = await openDatabase({ dataDir: path.join(dir, 'db') });
    await handle.migrate();
    const indexer = new ChainIndexer({
      chainId: CHAIN,
      rpcUrl: url,
      dexes: [market.dex],
      db: handle.db,
      log: pino({ level: 'warn' }) as FastifyBaseLogger,
    });
    const started = performance.now();
    await indexer.syncToHead();
    const seconds = (performance.now() - started) / 1000;
    const head = await indexer.reader.headNumber();
    const [{ swaps }] = (await handle.db.select({ swaps: count() }).from(indexerSwaps)) as [
      { swaps: number },
    ];
    const { logs } = indexer.stats;
    console.log(
      [
        '',
        '| blocks | logs | swaps | time | logs/s | swaps/s |',
        '|---:|---:|---:|---:|---:|---:|',
        `| ${(head - market.dex.startBlock + 1).toLocaleString('en')} | ${logs.toLocaleString('en')} | ${swaps.toLocaleString('en')} | ${seconds.toFixed(1)} s | ${Math.round(logs / seconds).toLocaleString('en')} | ${Math.round(swaps / seconds).toLocaleString('en')} |`,
      ].join('\n'),
    );
    await handle.close();
  } finally {
    await devnet.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function serving(): Promise<void> {
  // The serving half lives beside this file (bench/market-serving.ts).
  const file = './market-serving.ts';
  const module = (await import(file).catch(() => undefined)) as
    { runMarketServing?: () => Promise<void> } | undefined;
  if (!module?.runMarketServing) {
    console.log('\n## serving\n\n(bench/market-serving.ts not present: skipped)');
    return;
  }
  console.log('\n## serving');
  await module.runMarketServing();
}

const sections: Record<string, () => Promise<void>> = { backfill, serving };
for (const name of SECTIONS) {
  const run = sections[name.trim()];
  if (!run) throw new Error(`unknown section ${name}: use ${Object.keys(sections).join(', ')}`);
  await run();
}
