import { address as solanaAddress } from '@solana/kit';
import { NATIVE_ASSET_ADDRESS } from '@vaultscope/core';
import { createPublicClient, erc20Abi, getAddress, http, type PublicClient } from 'viem';
import { z } from 'zod';
import type { ChainAccess, EvmChainAccess, SolanaChainAccess } from '../wallet-chains';

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

export const SPL_TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

const LOGO_SYMBOLS = new Set(['ETH', 'BNB', 'MATIC', 'AVAX', 'SOL', 'USDV', 'VLT']);

/** The web app's logo of a symbol (apps/web/public/logos), a generic one for the rest. */
export function logoOf(symbol: string): string {
  return LOGO_SYMBOLS.has(symbol.toUpperCase())
    ? `/logos/${symbol.toLowerCase()}.svg`
    : '/logos/generic.svg';
}

/**
 * The native coin then the chain's known tokens, read from the chain. Token balances are read by
 * one call each, in parallel: the local chains have no multicall contract.
 */
export async function readChainBalances(
  access: ChainAccess,
  owner: string,
  signal?: AbortSignal,
): Promise<AssetBalance[]> {
  return access.family === 'evm'
    ? readEvmBalances(access, owner)
    : readSolanaBalances(access, owner, signal);
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

const balanceClients = new WeakMap<EvmChainAccess, PublicClient>();

/**
 * A client of the chain that sends the calls of one tick as one JSON-RPC batch: a balance read
 * is one HTTP round trip per chain instead of one per token (about twice as fast on the local
 * chains, and far cheaper under concurrent requests).
 */
function balanceClient(access: EvmChainAccess): PublicClient {
  let client = balanceClients.get(access);
  if (!client) {
    client = createPublicClient({
      chain: access.viemChain,
      transport: http(access.rpcUrl, {
        batch: { wait: 0 },
        retryCount: access.local ? 0 : 2,
        timeout: 10_000,
      }),
    });
    balanceClients.set(access, client);
  }
  return client;
}

async function readEvmBalances(access: EvmChainAccess, owner: string): Promise<AssetBalance[]> {
  const account = getAddress(owner);
  const client = balanceClient(access);
  const [native, ...tokens] = await Promise.all([
    client.getBalance({ address: account }),
    ...access.tokens.map((token) =>
      client.readContract({
        address: getAddress(token.address),
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account],
      }),
    ),
  ]);
  return [
    nativeOf(access, native ?? 0n),
    ...access.tokens.map((token, index) => ({
      address: token.address,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      units: tokens[index] ?? 0n,
      native: false,
    })),
  ];
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

async function readSolanaBalances(
  access: SolanaChainAccess,
  owner: string,
  signal?: AbortSignal,
): Promise<AssetBalance[]> {
  const account = solanaAddress(owner);
  const options = signal ? { abortSignal: signal } : {};
  const [balance, tokenAccounts] = await Promise.all([
    access.rpc.getBalance(account).send(options),
    access.tokens.length === 0
      ? undefined
      : access.rpc
          .getTokenAccountsByOwner(
            account,
            { programId: solanaAddress(SPL_TOKEN_PROGRAM) },
            { encoding: 'jsonParsed' },
          )
          .send(options),
  ]);
  const byMint = new Map<string, bigint>();
  if (tokenAccounts) {
    for (const item of tokenAccountsSchema.parse(tokenAccounts).value) {
      const { mint, tokenAmount } = item.account.data.parsed.info;
      byMint.set(mint, (byMint.get(mint) ?? 0n) + BigInt(tokenAmount.amount));
    }
  }
  return [
    nativeOf(access, units.parse(balance.value)),
    ...access.tokens.map((token) => ({
      address: token.address,
      symbol: token.symbol,
      name: token.name,
      decimals: token.decimals,
      units: byMint.get(token.address) ?? 0n,
      native: false,
    })),
  ];
}
