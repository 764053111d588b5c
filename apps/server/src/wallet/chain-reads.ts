import { address as solanaAddress, fetchEncodedAccount } from '@solana/kit';
import { getMintDecoder, getMintSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { createPublicClient, erc20Abi, getAddress, type PublicClient } from 'viem';
import { chainFailureOf } from './chain-errors';
import {
  type ChainAccess,
  type EvmChainAccess,
  type KnownToken,
  policyHttp,
  type SolanaChainAccess,
} from './wallet-chains';

/**
 * Calls per JSON-RPC batch: providers cap batch size (some at 10 to 50 calls) and answer an
 * oversized batch with one error, which would fail every token in it.
 */
const RPC_BATCH_SIZE = 20;

const batchClients = new WeakMap<EvmChainAccess, PublicClient>();

/**
 * A client of the chain that sends the calls of one tick as one JSON-RPC batch: a portfolio read
 * is one HTTP round trip per chain instead of one per token (about twice as fast on the local
 * chains, and far cheaper under concurrent requests).
 */
export function batchClient(access: EvmChainAccess): PublicClient {
  let client = batchClients.get(access);
  if (!client) {
    client = createPublicClient({
      chain: access.viemChain,
      // Under the chain's policy like every chain call; viem splits the calls of a tick into
      // batches of this size, sent in parallel.
      transport: policyHttp(access.rpcUrl, access.policy, {
        batch: { wait: 0, batchSize: RPC_BATCH_SIZE },
      }),
    });
    batchClients.set(access, client);
  }
  return client;
}

/**
 * What the chain says of a token: its decimals, and its symbol, null where the chain holds none
 * (an SPL mint) or gives none the ERC-20 ABI decodes (MKR answers a bytes32).
 */
export interface ChainTokenFacts {
  decimals: number;
  symbol: string | null;
}

/** Token facts per chain and token address, read once (they never change for a deployed token). */
const factsCache = new WeakMap<ChainAccess, Map<string, Promise<ChainTokenFacts>>>();

/**
 * The wallet's one reader of a token's facts (DESIGN §5: decimals come from the chain), for the
 * portfolio, the history's scanner and transaction page, and the EVM sender. An ERC-20 answers
 * `decimals()` and `symbol()`; an SPL mint account holds the decimals only, read once its account is checked to be an
 * initialised mint of the Token program ({@link NotAMintError} otherwise). Cached per chain and
 * token; a failed read is not kept, so a chain that failed is asked again next time.
 */
export function readTokenFacts(access: ChainAccess, address: string): Promise<ChainTokenFacts> {
  let byAddress = factsCache.get(access);
  if (!byAddress) {
    byAddress = new Map();
    factsCache.set(access, byAddress);
  }
  const key = address.toLowerCase();
  let facts = byAddress.get(key);
  if (!facts) {
    facts =
      access.family === 'evm' ? readErc20Facts(access, address) : readMintFacts(access, address);
    const cache = byAddress;
    facts.catch(() => cache.delete(key));
    byAddress.set(key, facts);
  }
  return facts;
}

/** What names a token when the chain does not: its address, and its symbol in our list. */
export type TokenRef = Pick<KnownToken, 'address' | 'symbol'>;

/** A token's decimals from the chain, and a symbol to show: the chain's, else `token`'s. */
export interface TokenFacts {
  symbol: string;
  decimals: number;
}

/** {@link readTokenFacts}, the symbol falling back to the one `token` names it by. */
export async function tokenFacts(access: ChainAccess, token: TokenRef): Promise<TokenFacts> {
  const { decimals, symbol } = await readTokenFacts(access, token.address);
  return { decimals, symbol: symbol?.slice(0, 32) || token.symbol };
}

async function readErc20Facts(access: EvmChainAccess, token: string): Promise<ChainTokenFacts> {
  const client = batchClient(access);
  const address = getAddress(token);
  const [decimals, symbol] = await Promise.all([
    client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
    // A contract's answer that does not decode is no symbol; a chain that failed is no answer.
    client
      .readContract({ address, abi: erc20Abi, functionName: 'symbol' })
      .catch((error: unknown) => {
        if (chainFailureOf(error)) throw error;
        return null;
      }),
  ]);
  return { decimals, symbol };
}

/**
 * An address whose account is not an initialised mint of the SPL Token program: no account, one
 * another program owns (Token-2022 included: the wallet reads and sends classic SPL tokens only),
 * or data of another size or state. The caller says what that means (a send: an unknown token).
 */
export class NotAMintError extends Error {
  override readonly name = 'NotAMintError';

  constructor(mint: string) {
    super(`Not an SPL token mint: ${mint}`);
  }
}

/** The decimals of an SPL mint, read from its account's bytes after checking it is a mint. */
async function readMintFacts(access: SolanaChainAccess, mint: string): Promise<ChainTokenFacts> {
  const account = await fetchEncodedAccount(access.rpc, solanaAddress(mint));
  if (
    !account.exists ||
    account.programAddress !== TOKEN_PROGRAM_ADDRESS ||
    account.data.length !== getMintSize()
  )
    throw new NotAMintError(mint);
  let decoded;
  try {
    decoded = getMintDecoder().decode(account.data);
  } catch {
    throw new NotAMintError(mint);
  }
  if (!decoded.isInitialized) throw new NotAMintError(mint);
  return { decimals: decoded.decimals, symbol: null };
}
