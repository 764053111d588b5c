import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_BASE_PORT, DEVNET_CHAIN_IDS, isDevnetChainId, type DevnetChainId } from './chains';
import { isMarketChainId, MARKET_CHAIN_IDS } from './markets/market-specs';
import type { TradeSimulatorSettings } from './markets/trade-simulator';

/**
 * The devnet's settings from the environment: the one place this package reads `process.env`.
 * Hosts that embed the devnet (the server, tests) may pass options to `startDevnet` instead.
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | DEVNET_DATA_DIR | `<repo>/data/devnet` | chain state, token registries, logs |
 * | DEVNET_BASE_PORT | 8545 | first port; chain i of DEVNET_CHAIN_IDS listens on base + i; 0 = any free ports |
 * | DEVNET_CHAINS | all ten | comma-separated chain ids to run |
 * | DEVNET_STATE_INTERVAL | 5 | seconds between Anvil's periodic state dumps |
 * | DEVNET_BLOCK_TIME | unset | Anvil block time in seconds; unset = a block per transaction |
 * | DEVNET_MARKETS | true | local Uniswap V2 markets on the mainnet-id EVM chains |
 * | DEVNET_TRADES | on unless NODE_ENV is production or test | the trade simulator on those markets |
 * | DEVNET_TRADE_INTERVAL | 4 | mean seconds between simulated trades on each chain |
 * | DEVNET_TRADE_CHAINS | every market chain | comma-separated chain ids to trade on |
 */
export interface DevnetConfig {
  dataDir: string;
  basePort: number;
  chains: DevnetChainId[];
  stateIntervalSeconds: number;
  blockTimeSeconds: number | undefined;
  markets: boolean;
}

/** `<repo>/data/devnet`, whatever the working directory (npm -w runs scripts in the package). */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data/devnet', import.meta.url));

const envSchema = z.object({
  DEVNET_DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DEVNET_BASE_PORT: z.coerce.number().int().min(0).max(65_525).default(DEFAULT_BASE_PORT),
  DEVNET_CHAINS: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return [...DEVNET_CHAIN_IDS];
      const ids = value.split(',').map((part) => Number(part.trim()));
      const bad = ids.filter((id) => !isDevnetChainId(id));
      if (bad.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `unknown chain id(s) ${bad.join(', ')}; known: ${DEVNET_CHAIN_IDS.join(', ')}`,
        });
        return z.NEVER;
      }
      return [...new Set(ids)] as DevnetChainId[];
    }),
  DEVNET_STATE_INTERVAL: z.coerce.number().int().min(1).max(3600).default(5),
  DEVNET_BLOCK_TIME: z.coerce.number().positive().max(60).optional(),
  DEVNET_MARKETS: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
});

/**
 * The trade simulator's settings alone: `startDevnet` reads them when its caller (the server,
 * which embeds the devnet) passes none, so they work there too without the server knowing them.
 * Off in production and under a test runner (NODE_ENV=test) unless DEVNET_TRADES says otherwise.
 */
export function loadTradeConfig(
  env: NodeJS.ProcessEnv = process.env,
): TradeSimulatorSettings | false {
  const parsed = tradeEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid devnet settings:\n  ${problems.join('\n  ')}`);
  }
  const { DEVNET_TRADES, DEVNET_TRADE_INTERVAL, DEVNET_TRADE_CHAINS, NODE_ENV } = parsed.data;
  const on = DEVNET_TRADES ?? (NODE_ENV !== 'production' && NODE_ENV !== 'test');
  if (!on) return false;
  return {
    intervalMs: Math.round(DEVNET_TRADE_INTERVAL * 1000),
    ...(DEVNET_TRADE_CHAINS ? { chains: DEVNET_TRADE_CHAINS } : {}),
  };
}

const tradeEnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  DEVNET_TRADES: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
  DEVNET_TRADE_INTERVAL: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0.2, 'must be at least 0.2 seconds')
    .max(3600)
    .default(4),
  DEVNET_TRADE_CHAINS: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return undefined;
      const ids = value.split(',').map((part) => Number(part.trim()));
      const bad = ids.filter((id) => !isMarketChainId(id));
      if (bad.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `no market on chain(s) ${bad.join(', ')}; markets: ${MARKET_CHAIN_IDS.join(', ')}`,
        });
        return z.NEVER;
      }
      return ids;
    }),
});

export function loadDevnetConfig(env: NodeJS.ProcessEnv = process.env): DevnetConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid devnet settings:\n  ${problems.join('\n  ')}`);
  }
  return {
    dataDir: parsed.data.DEVNET_DATA_DIR,
    basePort: parsed.data.DEVNET_BASE_PORT,
    chains: parsed.data.DEVNET_CHAINS,
    stateIntervalSeconds: parsed.data.DEVNET_STATE_INTERVAL,
    blockTimeSeconds: parsed.data.DEVNET_BLOCK_TIME,
    markets: parsed.data.DEVNET_MARKETS,
  };
}
