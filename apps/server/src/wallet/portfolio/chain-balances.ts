import { address as solanaAddress } from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { NATIVE_ASSET_ADDRESS } from '@vaultscope/core';
import type { FastifyBaseLogger } from 'fastify';
import { erc20Abi, getAddress } from 'viem';
import { z } from 'zod';
import { atChainEdgeOf, chainErrorText } from '../chain-errors';
import { batchClient, type TokenFacts, tokenFacts, type TokenRef } from '../chain-reads';
import type { ChainAccess, EvmChainAccess, KnownToken, SolanaChainAccess } from '../wallet-chains';

/** One asset's balance on a chain, in base units. */
export interface AssetBalance {
  /** `Native`, an ERC-20 contract address or an SPL mint. */
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  units: bigint;
  native: boolean;
}

/** A token of the market's list on a real mainnet; its decimals are read from the chain. */
export type ListedToken = Pick<KnownToken, 'address' | 'symbol' | 'name'>;

/**
 * How many of the market's best-ranked tokens are shown on a real mainnet though not held, so
 * the most common ones can be picked to receive; the others only when held.
 */
export const UNHELD_LISTED_TOKENS = 3;

/** Where token read failures are reported: a warning, never the error object (it names the URL). */
type WarnLog = Pick<FastifyBaseLogger, 'warn'>;

export interface ReadBalancesOptions {
  log: WarnLog;
  signal?: AbortSignal | undefined;
  /** A real mainnet's market tokens, best-ranked first, instead of the chain's own list. */
  listed?: readonly ListedToken[] | undefined;
}

/**
 * The native coin then the chain's tokens, read from the chain: the chain's own known tokens, or
 * on a real mainnet the market's `listed` tokens (best-ranked first). Token balances are read by
 * one call each, sent as JSON-RPC batches: the local chains have no multicall contract.
 *
 * Listed tokens come from market data, not from us, so one that the chain cannot answer for (no
 * contract there, no `decimals()`) is left out rather than failing the chain; and only the held
 * ones and the first {@link UNHELD_LISTED_TOKENS} are returned.
 *
 * A chain that fails throws its `ChainUnavailableError` (502/503, see `chain-errors.ts`).
 */
export function readChainBalances(
  access: ChainAccess,
  owner: string,
  options: ReadBalancesOptions,
): Promise<AssetBalance[]> {
  return atChainEdgeOf(access.chain, () => readBalances(access, owner, options));
}

async function readBalances(
  access: ChainAccess,
  owner: string,
  { log, signal, listed }: ReadBalancesOptions,
): Promise<AssetBalance[]> {
  const tokens = listed ?? access.tokens;
  const [facts, read] = await Promise.all([
    listed ? undefined : knownTokenFacts(access, log),
    access.family === 'evm'
      ? readEvmUnits(access, owner, tokens)
      : readSolanaUnits(access, owner, tokens, signal),
  ]);
  if (listed) {
    warnFailedReads(log, access, 'token balance read', read.failures);
    return [
      nativeOf(access, read.native),
      ...(await listedBalances(access, listed, read.tokens, log)),
    ];
  }
  // The chain's own tokens: a balance that cannot be read makes the chain unavailable.
  const [failure] = read.failures;
  if (failure) throw failure.error;
  return [
    nativeOf(access, read.native),
    ...access.tokens.map((token, index) => ({
      address: token.address,
      symbol: facts?.[index]?.symbol ?? token.symbol,
      name: token.name,
      decimals: facts?.[index]?.decimals ?? token.decimals,
      units: read.tokens[index] ?? 0n,
      native: false,
    })),
  ];
}

/** Native units and each token's units; a token whose read failed is undefined, with its error. */
interface UnitsRead {
  native: bigint;
  tokens: (bigint | undefined)[];
  failures: { token: string; error: unknown }[];
}

/** One short warning for the token reads of a chain that failed (their tokens are left out). */
function warnFailedReads(
  log: WarnLog,
  access: ChainAccess,
  what: string,
  failures: readonly { token: string; error: unknown }[],
): void {
  const [first] = failures;
  if (!first) return;
  log.warn(
    {
      chainId: access.chain.id,
      failed: failures.length,
      tokens: failures.slice(0, 5).map((failure) => failure.token),
      error: chainErrorText(first.error),
    },
    `portfolio: ${what} failed`,
  );
}

/**
 * The chain's own tokens' facts, each read from the chain, else (logged) the decimals and symbol
 * its list carries: the local chains list them, and one unreadable token must not fail the chain.
 */
async function knownTokenFacts(access: ChainAccess, log: WarnLog): Promise<TokenFacts[]> {
  const failures: { token: string; error: unknown }[] = [];
  const facts = await Promise.all(
    access.tokens.map((token) =>
      tokenFacts(access, token).catch((error: unknown) => {
        failures.push({ token: token.address, error });
        return { symbol: token.symbol, decimals: token.decimals };
      }),
    ),
  );
  warnFailedReads(log, access, 'token decimals read (listed decimals used)', failures);
  return facts;
}

function nativeOf(access: ChainAccess, units: bigint): AssetBalance {
  const { chain } = access;
  return {
    address: NATIVE_ASSET_ADDRESS,
    symbol: chain.nativeSymbol,
    name: chain.nativeSymbol,
    decimals: chain.nativeDecimals,
    units,
    native: true,
  };
}

const units = z.union([z.bigint(), z.number().int(), z.string().regex(/^\d+$/)]).transform(BigInt);
const tokenAccountsSchema = z.object({
  value: z.array(
    z.object({
      account: z.object({
        data: z.object({
          parsed: z.object({
            info: z.object({
              mint: z.string(),
              tokenAmount: z.object({ amount: z.string().regex(/^\d+$/) }),
            }),
          }),
        }),
      }),
    }),
  ),
});

/** Units per mint over an owner's token accounts (one mint may have several accounts). */
function unitsByMint(tokenAccounts: unknown): Map<string, bigint> {
  const byMint = new Map<string, bigint>();
  for (const item of tokenAccountsSchema.parse(tokenAccounts).value) {
    const { mint, tokenAmount } = item.account.data.parsed.info;
    byMint.set(mint, (byMint.get(mint) ?? 0n) + BigInt(tokenAmount.amount));
  }
  return byMint;
}

/** Native and token units, the token calls sent as JSON-RPC batches (`batchClient`). */
async function readEvmUnits(
  access: EvmChainAccess,
  owner: string,
  tokens: readonly TokenRef[],
): Promise<UnitsRead> {
  const account = getAddress(owner);
  const client = batchClient(access);
  const failures: UnitsRead['failures'] = [];
  const [native, ...units] = await Promise.all([
    client.getBalance({ address: account }),
    ...tokens.map((token) =>
      client
        .readContract({
          address: getAddress(token.address),
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account],
        })
        .catch((error: unknown) => {
          failures.push({ token: token.address, error });
          return undefined;
        }),
    ),
  ]);
  return { native, tokens: units, failures };
}

/** Native units and each mint's units, from one read of all the owner's SPL accounts. */
async function readSolanaUnits(
  access: SolanaChainAccess,
  owner: string,
  tokens: readonly TokenRef[],
  signal?: AbortSignal,
): Promise<UnitsRead> {
  const account = solanaAddress(owner);
  const options = signal ? { abortSignal: signal } : {};
  const [balance, tokenAccounts] = await Promise.all([
    access.rpc.getBalance(account).send(options),
    tokens.length === 0
      ? undefined
      : access.rpc
          .getTokenAccountsByOwner(
            account,
            { programId: TOKEN_PROGRAM_ADDRESS },
            { encoding: 'jsonParsed' },
          )
          .send(options),
  ]);
  const byMint = tokenAccounts ? unitsByMint(tokenAccounts) : new Map<string, bigint>();
  return {
    native: units.parse(balance.value),
    tokens: tokens.map((token) => byMint.get(token.address) ?? 0n),
    failures: [],
  };
}

/** The listed tokens to show, with decimals read from the chain (cached per token). */
async function listedBalances(
  access: ChainAccess,
  listed: readonly ListedToken[],
  balances: readonly (bigint | undefined)[],
  log: WarnLog,
): Promise<AssetBalance[]> {
  const shown = listed.flatMap((token, index) => {
    const held = balances[index];
    return held !== undefined && (held > 0n || index < UNHELD_LISTED_TOKENS)
      ? [{ token, held }]
      : [];
  });
  const failures: { token: string; error: unknown }[] = [];
  const decimals = await Promise.all(
    shown.map(({ token }) =>
      tokenFacts(access, token).then(
        (facts) => facts.decimals,
        (error: unknown) => {
          failures.push({ token: token.address, error });
          return undefined;
        },
      ),
    ),
  );
  warnFailedReads(log, access, 'token decimals read', failures);
  return shown.flatMap(({ token, held }, index) => {
    const tokenDecimals = decimals[index];
    return tokenDecimals === undefined
      ? []
      : [
          {
            address: token.address,
            symbol: token.symbol,
            name: token.name,
            decimals: tokenDecimals,
            units: held,
            native: false,
          },
        ];
  });
}
