import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  CHAIN_CODES,
  CHAIN_CODE_VALUES,
  CHAINS,
  type ChainCode,
  type DexConfigFile,
  MAINNET_DEXES,
  mergeDexConfigs,
  parseDexConfigJson,
} from '@vaultscope/core';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url(`${label} must be a URL`).optional())
    .optional();

/** A provider's base URL with its real one as the default; an empty value means none. */
const providerUrl = (label: string, real: string) =>
  z
    .string()
    .trim()
    .default(real)
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url(`${label} must be a URL`).optional());

/** An API key: never logged (the config is not logged, and the clients keep it in headers). */
const secretSetting = () =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .optional();

/** Every setting the server reads. `process.env` is read here and nowhere else. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl('PUBLIC_URL'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalUrl('DATABASE_URL'),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url('CORS_ORIGINS must be a comma-separated list of origins'))),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: optionalUrl('SMTP_URL'),
  MAIL_FROM: z.string().min(3).default('Vaultscope <no-reply@vaultscope.local>'),
  DEV_TOOLS: booleanFlag.optional(),
  /**
   * Dev tools on a `HOST` other people can reach (`0.0.0.0`, a LAN address), or behind a proxy
   * (`TRUST_PROXY`), are refused at start unless this says it is meant; the outbox still answers
   * loopback clients only.
   */
  DEV_TOOLS_ALLOW_REMOTE: booleanFlag.default(false),
  TRUST_PROXY: booleanFlag.default(false),
  /**
   * Where token research data comes from: `snapshot` (the shipped file, offline) or `live`
   * (GeckoTerminal, GoPlus, CoinGecko and Binance at the URLs below; `src/providers`).
   */
  RESEARCH_PROVIDER: z.enum(['snapshot', 'live']).default('snapshot'),
  /** GeckoTerminal's API v2 root (DEX pools and tokens of the live provider). */
  GECKOTERMINAL_URL: providerUrl('GECKOTERMINAL_URL', 'https://api.geckoterminal.com/api/v2'),
  /** Pages (20 pools each, at most 10) of each network's top pools per live load. */
  GECKOTERMINAL_POOL_PAGES: z.coerce.number().int().min(0).max(10).default(2),
  /** Pages of each network's newest pools per live load. */
  GECKOTERMINAL_NEW_POOL_PAGES: z.coerce.number().int().min(0).max(10).default(1),
  /** Pages of each network's trending pools per live load (0 turns the list off). */
  GECKOTERMINAL_TRENDING_POOL_PAGES: z.coerce.number().int().min(0).max(10).default(1),
  /**
   * Who lists the live DEX pools and their figures: `geckoterminal` (each chain's top and newest
   * pools), `dexscreener` (every pool of the tokens in DexScreener's latest profiles; it has no
   * list of a chain's pools, so it never removes rows) or `both` (merged, GeckoTerminal's figures
   * first). Token decimals and supply always come from GeckoTerminal: DexScreener has none.
   */
  DEX_PROVIDER: z.enum(['geckoterminal', 'dexscreener', 'both']).default('geckoterminal'),
  /** DexScreener's root (no key). */
  DEXSCREENER_URL: providerUrl('DEXSCREENER_URL', 'https://api.dexscreener.com'),
  /** GoPlus's root (security reports of the live provider). */
  GOPLUS_URL: providerUrl('GOPLUS_URL', 'https://api.gopluslabs.io'),
  /** A GoPlus access token (`POST /api/v1/token`); without one GoPlus answers one token a call. */
  GOPLUS_KEY: secretSetting(),
  /** CoinGecko's API v3 root (`https://pro-api.coingecko.com/api/v3` for a paid key). */
  COINGECKO_URL: providerUrl('COINGECKO_URL', 'https://api.coingecko.com/api/v3'),
  /** A CoinGecko demo (or, with the pro URL, paid) API key. */
  COINGECKO_KEY: secretSetting(),
  /** Pages of 250 coins (by market cap) per live load. */
  COINGECKO_MARKET_PAGES: z.coerce.number().int().min(1).max(40).default(2),
  /** Binance's root; its 24 h tickers fill prices CoinGecko leaves unknown. Empty turns it off. */
  BINANCE_URL: providerUrl('BINANCE_URL', 'https://api.binance.com').optional(),
  /**
   * Honeypot.is's root: a second security engine for EVM tokens (eth, bsc) that buys and sells the
   * token in a simulation; its report is stored beside GoPlus's. Empty turns it off.
   */
  HONEYPOT_IS_URL: providerUrl('HONEYPOT_IS_URL', 'https://api.honeypot.is'),
  /** An optional Honeypot.is key (`X-API-KEY`; the docs say keys are not required yet). */
  HONEYPOT_IS_KEY: secretSetting(),
  /** RugCheck's API v1 root: a security engine for Solana mints. Empty turns it off. */
  RUGCHECK_URL: providerUrl('RUGCHECK_URL', 'https://api.rugcheck.xyz/v1'),
  /** An optional RugCheck key (`X-API-KEY`). */
  RUGCHECK_KEY: secretSetting(),
  /**
   * Sourcify's server root (`/v2/contract/{chainId}/{address}`): whether an EVM token's source is
   * verified, a security engine beside GoPlus's (`is_open_source`). Empty turns it off.
   */
  SOURCIFY_URL: providerUrl('SOURCIFY_URL', 'https://sourcify.dev/server'),
  /** Etherscan's API v2 endpoint (every chain it serves by `chainid`); used only with a key. */
  ETHERSCAN_URL: providerUrl('ETHERSCAN_URL', 'https://api.etherscan.io/v2/api'),
  /** An Etherscan API key: with it, a token Sourcify does not hold is asked of Etherscan. */
  ETHERSCAN_KEY: secretSetting(),
  /** Longest wait for one answer of a live provider before the call is tried again. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** With `RESEARCH_PROVIDER=live`: seconds between loads of the DEX pools and tokens. */
  RESEARCH_SYNC_POOLS_SECONDS: z.coerce.number().int().min(5).max(86_400).default(45),
  /** Seconds between loads of the CEX markets. */
  RESEARCH_SYNC_CEX_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  /**
   * Seconds between looks for tokens whose security report is missing or older than
   * `RESEARCH_REPORT_TTL_HOURS` (a DEX load that brings new tokens also starts one at once).
   */
  RESEARCH_SYNC_REPORTS_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  /** Age after which a provider's security report is asked again. */
  RESEARCH_REPORT_TTL_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  /** Most tokens one reports load asks for (GoPlus's rate limit: one token a call without a key). */
  RESEARCH_REPORTS_PER_RUN: z.coerce.number().int().min(1).max(10_000).default(25),
  /** A relative path is read from the repository root. */
  RESEARCH_SNAPSHOT_FILE: z
    .string()
    .min(1)
    .default('apps/server/snapshot/research-snapshot.json.gz')
    .transform((file) => path.resolve(repoRoot, file)),
  /** How long an anonymous token list or detail answer may be served from memory; 0 turns it off. */
  RESEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /**
   * Which research chains' lists, rows and detail figures come from our own indexer (where one
   * runs for the chain) rather than the research snapshot: `all` (default), `none`, or chain
   * codes separated by commas (`eth,bsc`). The rest keep the snapshot.
   */
  MARKET_DATA_INDEXED_CHAINS: z
    .string()
    .trim()
    .toLowerCase()
    .default('all')
    .transform((value, ctx) => {
      if (value === 'all' || value === 'none') return value;
      const codes = value.split(',').map((code) => code.trim());
      const known: readonly string[] = CHAIN_CODES.map((chain) => chain.code);
      const bad = codes.filter((code) => !known.includes(code));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `unknown chain code ${bad.join(', ')}: use all, none or codes of ${known.join(', ')}`,
        });
        return z.NEVER;
      }
      return codes as ChainCode[];
    }),
  /**
   * Per research chain and kind of data, where it comes from: `own` (our indexer's market
   * figures, our analyzer's risk scores), `live` (the research provider, `RESEARCH_PROVIDER`:
   * the snapshot or the live APIs) or `both`. Entries `<chain|*>.<market|risk>=<own|live|both>`
   * separated by commas, later ones winning (`*.risk=both,solana.market=live`). Unset: market
   * is `both` on the chains of `MARKET_DATA_INDEXED_CHAINS` and `live` on the others, risk is
   * `both` (today's behaviour). See {@link researchSources}.
   */
  RESEARCH_SOURCES: z
    .string()
    .trim()
    .toLowerCase()
    .default('')
    .transform((value, ctx) => {
      const entries: SourceEntry[] = [];
      for (const part of value.split(',').map((entry) => entry.trim())) {
        if (part === '') continue;
        const match = /^([a-z_*]+)\.([a-z]+)=([a-z]+)$/.exec(part);
        const [, chain, kind, mode] = match ?? [];
        const problem = !match
          ? 'is not <chain|*>.<market|risk>=<own|live|both>'
          : chain !== '*' && !CHAIN_CODE_VALUES.includes(chain as ChainCode)
            ? `names no chain (use * or ${CHAIN_CODE_VALUES.join(', ')})`
            : !(SOURCE_KINDS as readonly string[]).includes(kind!)
              ? `names no kind of data (use ${SOURCE_KINDS.join(' or ')})`
              : !(SOURCE_MODES as readonly string[]).includes(mode!)
                ? `names no source (use ${SOURCE_MODES.join(', ')})`
                : undefined;
        if (problem) {
          ctx.addIssue({ code: 'custom', message: `"${part}" ${problem}` });
          return z.NEVER;
        }
        entries.push({
          chain: chain as ChainCode | '*',
          kind: kind as SourceKind,
          mode: mode as SourceMode,
        });
      }
      return entries;
    }),
  /**
   * Start local chains (packages/devnet) for every wallet chain without an `RPC_URL_<id>`.
   * Defaults to on, except in production.
   */
  DEVNET: booleanFlag.optional(),
  /**
   * Run the DEX indexer (`src/indexer`) for every chain with a node and a DEX list: the local
   * markets by default, `RPC_URL_<id>` with the mainnet defaults or `DEX_CONFIG_FILE`
   * otherwise. Defaults to on, except in tests (which start indexers themselves).
   */
  INDEXER: booleanFlag.optional(),
  /** How often an indexer at the head asks its node for new blocks. */
  INDEXER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /** Most blocks one indexer step (and one `eth_getLogs` call) covers. */
  INDEXER_MAX_RANGE: z.coerce.number().int().min(1).max(100_000).default(2_000),
  /** Port of the first local chain (the others follow); 0 picks free ports. */
  DEVNET_BASE_PORT: z.coerce.number().int().min(0).max(65000).default(8545),
  /** Where the local chains keep their state; defaults to `<DATA_DIR>/devnet`. */
  DEVNET_DATA_DIR: z.string().min(1).optional(),
  /**
   * A JSON file of the V2-style DEXes per chain id (DESIGN section 4), over the built-in
   * mainnet defaults chain by chain; a relative path is read from the repository root.
   */
  DEX_CONFIG_FILE: z
    .string()
    .trim()
    .min(1)
    .transform((file) => path.resolve(repoRoot, file))
    .optional(),
  /** How long an unlocked wallet stays unlocked without a new password entry. */
  WALLET_UNLOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /**
   * Test aid, never in production: the process kills itself (SIGKILL) when a wallet send reaches
   * this point, its record written, so a test can restart it and watch reconciliation.
   */
  WALLET_CRASH_AT: z.enum(['afterRecord', 'afterSign', 'afterBroadcast']).optional(),
  /** Longest wait for one answer of a chain's node before the call counts as failed. */
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Longest wait of a send for its account's send lock, held by a send of the same account
   * still choosing its nonce, signing or broadcasting, before it answers 503.
   */
  WALLET_SEND_LOCK_WAIT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Token scans that run at once (each leases one or two Anvil forks). */
  ANALYZER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Token scans queued or running at most; more answer 503 busy. */
  ANALYZER_QUEUE_DEPTH: z.coerce.number().int().min(1).max(10_000).default(50),
  /** How long a request waits for a new scan before answering 404 'will get back shortly'. */
  ANALYZER_BUDGET_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** Age after which a stored report is rescanned in the background when it is read. */
  ANALYZER_TTL_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(6),
  /** New scans per client address for anonymous callers, per `ANALYZER_ANONYMOUS_WINDOW_MINUTES`. */
  ANALYZER_ANONYMOUS_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  ANALYZER_ANONYMOUS_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  /** Warm Anvil fork processes kept for scans (two let a scan probe beside its trades). */
  ANALYZER_FORK_POOL_SIZE: z.coerce.number().int().min(1).max(16).default(2),
  /** An idle fork process is stopped after this many seconds without a scan. */
  ANALYZER_FORK_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * Scan, one at a time and only while no one else's scan waits, every indexed token that has
   * no report yet, so the lists show a score for it: `local` on the local chains only (a chain
   * given by `RPC_URL_<id>` may be a paid node, and a real DEX lists tens of thousands of
   * tokens, each scan a fork's worth of calls), `true` on every indexed chain, `false` nowhere.
   */
  ANALYZER_SCAN_INDEXED: z
    .enum(['local', 'true', 'false', '1', '0'])
    .transform((value) => (value === 'local' ? value : value === 'true' || value === '1'))
    .default('local'),
  ...rpcUrlSettings(),
});

/** `RPC_URL_1`, `RPC_URL_137`, … `RPC_URL_103`: a chain's JSON-RPC URL; unset means the local chain. */
function rpcUrlSettings() {
  return Object.fromEntries(
    CHAINS.map((chain) => [`RPC_URL_${chain.id}`, optionalUrl(`RPC_URL_${chain.id}`)]),
  ) as Record<`RPC_URL_${(typeof CHAINS)[number]['id']}`, ReturnType<typeof optionalUrl>>;
}

export type Config = Omit<
  z.infer<typeof envSchema>,
  'DEV_TOOLS' | 'DEVNET' | 'DEVNET_DATA_DIR' | 'INDEXER'
> & {
  INDEXER: boolean;
  /** Dev-only routes (mail outbox, wallet faucet). Off in production unless asked for. */
  DEV_TOOLS: boolean;
  DEVNET: boolean;
  DEVNET_DATA_DIR: string;
  /**
   * The DEXes of chains reached through `RPC_URL_<id>`: `DEX_CONFIG_FILE` over the mainnet
   * defaults. Local chains trade on the devnet's own markets instead (see `lib/dexes.ts`).
   */
  DEXES: DexConfigFile;
};

/** The kinds of research data `RESEARCH_SOURCES` sets a source for. */
export const SOURCE_KINDS = ['market', 'risk'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
/** Our own (indexer, analyzer), the research provider's, or both. */
export const SOURCE_MODES = ['own', 'live', 'both'] as const;
export type SourceMode = (typeof SOURCE_MODES)[number];
interface SourceEntry {
  chain: ChainCode | '*';
  kind: SourceKind;
  mode: SourceMode;
}

/** Where each research chain's market figures and risk scores come from. */
export type ResearchSources = Record<ChainCode, Record<SourceKind, SourceMode>>;

/**
 * `RESEARCH_SOURCES` resolved per chain, over the defaults of today's settings:
 *
 * - market `own`: our indexer's rows only (the research provider's rows of the chain are not
 *   loaded); `live`: the research provider's only (no indexer rows in the lists); `both`: the
 *   indexer's where one runs for the chain, the provider's otherwise.
 * - risk `own`: our analyzer's scores only (the provider's security engines are not asked about
 *   the chain's tokens); `live`: the provider's reports, and our analyzer scans none of the
 *   chain's indexed tokens on its own (it still answers a scan someone asks for); `both`: both.
 */
export function researchSources(
  config: Pick<Config, 'RESEARCH_SOURCES' | 'MARKET_DATA_INDEXED_CHAINS'>,
): ResearchSources {
  const indexed = config.MARKET_DATA_INDEXED_CHAINS;
  const sources = Object.fromEntries(
    CHAIN_CODE_VALUES.map((chain) => [
      chain,
      {
        market:
          indexed === 'all' || (indexed !== 'none' && indexed.includes(chain)) ? 'both' : 'live',
        risk: 'both',
      },
    ]),
  ) as ResearchSources;
  for (const entry of config.RESEARCH_SOURCES) {
    for (const chain of entry.chain === '*' ? CHAIN_CODE_VALUES : [entry.chain]) {
      sources[chain][entry.kind] = entry.mode;
    }
  }
  return sources;
}

/** The research chains whose `kind` comes (also) from our own side, or (also) from the provider. */
export function sourceChains(
  sources: ResearchSources,
  kind: SourceKind,
  side: 'own' | 'live',
): ChainCode[] {
  return CHAIN_CODE_VALUES.filter((chain) => {
    const mode = sources[chain][kind];
    return mode === 'both' || mode === side;
  });
}

/** The configured RPC URL of a chain, or undefined for the local chain. */
export function rpcUrlOf(config: Config, chainId: number): string | undefined {
  return (config as unknown as Record<string, string | undefined>)[`RPC_URL_${chainId}`];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Whether indexed tokens of `chainId` without a report are scanned while the analyzer is idle. */
export function scansIndexedWhileIdle(config: Config, chainId: number): boolean {
  // RESEARCH_SOURCES: a chain whose risk is the provider's alone is not scanned unasked.
  const code = CHAIN_CODES.find((chain) => chain.chainId === chainId)?.code;
  if (code && researchSources(config)[code].risk === 'live') return false;
  const setting = config.ANALYZER_SCAN_INDEXED;
  return setting === 'local' ? rpcUrlOf(config, chainId) === undefined : setting;
}

export function loadConfig(
  env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env,
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  - ${issue.path.join('.') || 'env'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.MAIL_TRANSPORT === 'smtp' && !config.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  - SMTP_URL: required when MAIL_TRANSPORT=smtp',
    );
  }
  if (config.RESEARCH_PROVIDER === 'live') {
    const missing = (['GECKOTERMINAL_URL', 'GOPLUS_URL', 'COINGECKO_URL'] as const).filter(
      (name) => !config[name],
    );
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  - ${name}: required when RESEARCH_PROVIDER=live`).join('\n')}`,
      );
    }
  }
  const production = config.NODE_ENV === 'production';
  if (production && config.WALLET_CRASH_AT) {
    throw new ConfigError(
      'Invalid configuration:\n  - WALLET_CRASH_AT: a test aid, refused when NODE_ENV=production',
    );
  }
  const devTools = config.DEV_TOOLS ?? !production;
  // The dev outbox holds every password reset code: on a reachable host it would hand any
  // visitor any account (forgot-password, read the outbox, reset). It only answers loopback
  // clients, but the faucet and the next dev tool should not depend on each remembering that.
  if (devTools && !isLoopback(config.HOST) && !config.DEV_TOOLS_ALLOW_REMOTE) {
    throw new ConfigError(
      `Invalid configuration:\n  - HOST: ${config.HOST} is reachable from other machines while the ` +
        'dev tools (mail outbox with reset codes, wallet faucet) are on. Set DEV_TOOLS=false, ' +
        'listen on 127.0.0.1, or set DEV_TOOLS_ALLOW_REMOTE=true if you mean it.',
    );
  }
  // Behind a proxy every request comes from the proxy's socket: a proxy on this machine makes
  // every visitor a loopback client, and one that adds no X-Forwarded-For (nginx's default)
  // leaves the outbox nothing to tell them apart by. TRUST_PROXY says such a proxy is there.
  if (devTools && config.TRUST_PROXY && !config.DEV_TOOLS_ALLOW_REMOTE) {
    throw new ConfigError(
      'Invalid configuration:\n  - TRUST_PROXY: requests come through a proxy, from other ' +
        'machines, while the dev tools (mail outbox with reset codes, wallet faucet) are on. Set ' +
        'DEV_TOOLS=false, or set DEV_TOOLS_ALLOW_REMOTE=true if you mean it.',
    );
  }
  return {
    ...config,
    DEXES: loadDexes(config.DEX_CONFIG_FILE),
    DEV_TOOLS: devTools,
    DEVNET: config.DEVNET ?? !production,
    INDEXER: config.INDEXER ?? config.NODE_ENV !== 'test',
    DEVNET_DATA_DIR: config.DEVNET_DATA_DIR ?? path.join(config.DATA_DIR, 'devnet'),
  };
}

/** The mainnet defaults, with `DEX_CONFIG_FILE` over them; every bad entry of the file named. */
function loadDexes(file: string | undefined): DexConfigFile {
  if (!file) return MAINNET_DEXES;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(
      `Invalid configuration:\n  - DEX_CONFIG_FILE: cannot read ${file} (${code})`,
    );
  }
  const parsed = parseDexConfigJson(text);
  if (!parsed.ok) {
    const lines = parsed.errors.map((error) => `  - DEX_CONFIG_FILE ${error}`);
    throw new ConfigError(`Invalid configuration (${file}):\n${lines.join('\n')}`);
  }
  return mergeDexConfigs(MAINNET_DEXES, parsed.config);
}

/**
 * Whether a host name or address is this machine's loopback: `localhost`, 127.0.0.0/8, `::1`
 * (also bracketed, or as an IPv4-mapped IPv6 address). `0.0.0.0` and `::` are every interface.
 */
export function isLoopback(host: string): boolean {
  const value = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (value === 'localhost') return true;
  const v4 = value.startsWith('::ffff:') ? value.slice('::ffff:'.length) : value;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return net.isIPv6(value) && value.replace(/^(0{0,4}:)+/, '::') === '::1';
}

/** Reads `.env` at the repository root when there is one; real environment variables win. */
export function loadDotEnv(file = path.join(repoRoot, '.env')): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
