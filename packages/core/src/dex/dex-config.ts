import { z } from 'zod';
import { isValidEvmAddress, toChecksumEvmAddress } from '../tokens/addresses';

/**
 * The V2-style DEXes (Uniswap V2 and its forks) that Vaultscope indexes, trades through and
 * judges tokens on, per EVM chain id. This is the shape of the `DEX_CONFIG_FILE` JSON (see
 * DESIGN section 4), also used for the defaults and for the markets the devnet deploys:
 *
 * ```json
 * { "1": [{ "name": "Uniswap V2", "factory": "0x…", "router": "0x…", "wrappedNative": "0x…",
 *           "quoteTokens": ["0x…"], "feeBps": 30, "initCodeHash": "0x…", "startBlock": 10000835 }] }
 * ```
 */
export interface DexConfig {
  /** Shown with pools and trades, e.g. `Uniswap V2`. */
  name: string;
  /** The factory whose `PairCreated` logs list the pools. */
  factory: `0x${string}`;
  /** A Router02 of this factory, for swaps (simulated buys and sells, the trade simulator). */
  router: `0x${string}`;
  /** The wrapped native coin the router trades native coin through (WETH, WBNB, …). */
  wrappedNative: `0x${string}`;
  /**
   * Tokens a pool is priced in, most preferred first (the wrapped native coin and the chain's
   * main stablecoins): in a pool of a quote token and another token, the other one is the token
   * being traded.
   */
  quoteTokens: readonly `0x${string}`[];
  /** The swap fee in basis points: 30 for Uniswap V2 (0.30 %), 25 for PancakeSwap V2. */
  feeBps: number;
  /**
   * keccak-256 of the pair contract's creation code, which fixes every pair's CREATE2 address.
   * Optional because the factory can be asked (`getPair`) instead; without it
   * {@link pairAddressFor} cannot compute addresses offline.
   */
  initCodeHash?: `0x${string}`;
  /**
   * The block the factory was deployed in: reading logs from here misses nothing. A JSON number
   * (block heights stay far below 2^53), kept so to match the file; take `BigInt` of it for RPC.
   */
  startBlock: number;
}

/** The DEXes per chain id, as in `DEX_CONFIG_FILE`. */
export type DexConfigFile = Readonly<Record<number, readonly DexConfig[]>>;

const evmAddress = z
  .string({ error: 'must be an address string' })
  .trim()
  .refine((value) => /^0x[0-9a-fA-F]{40}$/.test(value), 'not an EVM address')
  .refine(isValidEvmAddress, 'not an EVM address (wrong EIP-55 checksum)')
  .transform((value) => toChecksumEvmAddress(value));

/**
 * One DEX. Unknown keys are refused rather than stripped: this file is written by an operator,
 * and a misspelt `initCodeHash` silently ignored would compute wrong pair addresses.
 */
export const dexConfigSchema = z.strictObject({
  name: z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(60),
  factory: evmAddress,
  router: evmAddress,
  wrappedNative: evmAddress,
  quoteTokens: z
    .array(evmAddress, { error: 'must be a list of addresses' })
    .min(1, 'list at least one quote token'),
  feeBps: z
    .number({ error: 'must be a number of basis points' })
    .int('must be a whole number of basis points')
    .min(0, 'must be between 0 and 1000 (10 %)')
    .max(1000, 'must be between 0 and 1000 (10 %)'),
  initCodeHash: z
    .string({ error: 'must be a 32-byte hex string' })
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x and 64 hex digits')
    .transform((value) => value.toLowerCase() as `0x${string}`)
    .optional(),
  startBlock: z
    .number({ error: 'must be a block number' })
    .int('must be a whole block number')
    .min(0, 'must not be negative')
    .max(Number.MAX_SAFE_INTEGER, 'is too large'),
});

const chainIdKey = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'not a chain id (a positive whole number, e.g. "1")');

/** The whole file: chain id → list of DEXes; a chain never lists the same factory twice. */
export const dexConfigFileSchema = z
  .record(chainIdKey, z.array(dexConfigSchema, { error: 'must be a list of DEXes' }), {
    error: 'must be an object of chain id → list of DEXes',
  })
  .superRefine((file, context) => {
    for (const [chainId, dexes] of Object.entries(file)) {
      const seen = new Set<string>();
      dexes.forEach((dex, index) => {
        const key = dex.factory.toLowerCase();
        if (seen.has(key))
          context.addIssue({
            code: 'custom',
            path: [chainId, index, 'factory'],
            message: `factory listed twice on chain ${chainId}`,
          });
        seen.add(key);
      });
    }
  })
  .transform((file): DexConfigFile =>
    Object.fromEntries(Object.entries(file).map(([chainId, dexes]) => [Number(chainId), dexes])),
  );

/** Where an issue is, in the file's own terms: `1[0].factory`, `56[2].quoteTokens[1]`. */
export function dexIssuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const [index, segment] of path.entries()) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += index === 0 ? String(segment) : `.${String(segment)}`;
  }
  return text || '(file)';
}

export type DexConfigParse = { ok: true; config: DexConfigFile } | { ok: false; errors: string[] };

/**
 * Checks a parsed `DEX_CONFIG_FILE`; every bad entry is named (`1[0].factory: not an EVM
 * address`), all of them at once. Addresses come back checksummed, hashes lower-cased.
 */
export function parseDexConfig(input: unknown): DexConfigParse {
  const parsed = dexConfigFileSchema.safeParse(input);
  if (parsed.success) return { ok: true, config: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.flatMap((issue) =>
      // An unknown key is reported on its parent; name the key itself.
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => `${dexIssuePath([...issue.path, key])}: unknown setting`)
        : [`${dexIssuePath(issue.path)}: ${issue.message}`],
    ),
  };
}

/** {@link parseDexConfig} of the file's text; text that is not JSON is one error. */
export function parseDexConfigJson(text: string): DexConfigParse {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return { ok: false, errors: [`not JSON: ${(error as Error).message}`] };
  }
  return parseDexConfig(input);
}

/**
 * `override` over `base`, chain by chain: a chain listed in `override` takes exactly its list
 * (so an empty list turns a chain's DEXes off), other chains keep `base`'s. Whole lists rather
 * than entry by entry, so that what a file says about a chain is all there is for it.
 */
export function mergeDexConfigs(base: DexConfigFile, override: DexConfigFile): DexConfigFile {
  return { ...base, ...override };
}
