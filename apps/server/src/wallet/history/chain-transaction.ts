import { type ChainTransaction, formatAmount, walletMessages } from '@vaultscope/core';
import {
  type Address,
  erc20Abi,
  getAddress,
  type Hash,
  parseEventLogs,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { atChainEdgeOf } from '../chain-errors';
import { tokenFacts } from '../chain-reads';
import { SOLANA_SIGNATURE, readSolanaTransaction, tokenSender } from './solana-transaction';
import { mapLimit } from '../../lib/map-limit';
import type {
  ChainAccess,
  EvmChainAccess,
  SolanaChainAccess,
  WalletChains,
} from '../wallet-chains';

const EVM_HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * ERC-20 `Transfer` logs shown per transaction: each new token costs contract reads, and one
 * transaction can hold thousands of logs.
 */
export const MAX_TOKEN_TRANSFERS = 20;
/** Tokens whose labels are read at once. */
const TOKEN_READ_CONCURRENCY = 4;

/** Whether the caller sent or received the transaction `hash` (as normalised) on the chain. */
export type OwnsTransaction = (hash: string) => Promise<boolean>;

/**
 * A transaction as the chain reports it: the app's own page of a transaction. Any signed-in user
 * may read any transaction of a local chain; on a real chain (paid RPC) only their own, so the
 * page is no open proxy to the provider: another hash answers 404 without an RPC call.
 */
export async function readChainTransaction(
  chains: WalletChains,
  chainId: number,
  hash: string,
  ownsTransaction: OwnsTransaction,
): Promise<ChainTransaction> {
  const access = chains.get(chainId);
  if (!access) throw new BadRequestError(walletMessages.unsupportedNetwork);
  if (access.family === 'evm') {
    if (!EVM_HASH.test(hash)) throw new BadRequestError(walletMessages.notTransactionHash);
    // Hashes are stored as the chain answers them: lower-case hex.
    const normalised = hash.toLowerCase() as Hash;
    await requireReadable(access, normalised, ownsTransaction);
    return atChainEdgeOf(access.chain, () => readEvmTransaction(access, normalised));
  }
  if (!SOLANA_SIGNATURE.test(hash))
    throw new BadRequestError(walletMessages.notTransactionSignature);
  await requireReadable(access, hash, ownsTransaction);
  // A chain that fails answers 502/503 with its own message (`chain-errors.ts`).
  return atChainEdgeOf(access.chain, () => readSolana(access, hash));
}

async function requireReadable(
  access: ChainAccess,
  hash: string,
  ownsTransaction: OwnsTransaction,
): Promise<void> {
  if (access.local || (await ownsTransaction(hash))) return;
  throw new NotFoundError(walletMessages.transactionNotFound);
}

async function readEvmTransaction(access: EvmChainAccess, hash: Hash): Promise<ChainTransaction> {
  const { client, chain } = access;
  const tx = await client.getTransaction({ hash }).catch((error: unknown) => {
    if (error instanceof TransactionNotFoundError) return undefined;
    throw error;
  });
  if (!tx) throw new NotFoundError(walletMessages.transactionNotFound);
  const [receipt, block] = await Promise.all([
    client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined;
      throw error;
    }),
    tx.blockNumber === null ? undefined : client.getBlock({ blockNumber: tx.blockNumber }),
  ]);
  const transfers = receipt
    ? parseEventLogs({
        abi: erc20Abi,
        eventName: 'Transfer',
        logs: receipt.logs,
        strict: false,
      }).slice(0, MAX_TOKEN_TRANSFERS)
    : [];
  // One label per token, however many of its transfers: a few reads at a time.
  const tokens = [...new Set(transfers.map((log) => getAddress(log.address)))];
  const labels = new Map(
    await mapLimit(
      tokens,
      TOKEN_READ_CONCURRENCY,
      async (token) => [token, await tokenLabel(access, token)] as const,
    ),
  );
  const tokenTransfers = transfers.map((log) => {
    const token = labels.get(getAddress(log.address)) ?? fallbackLabel(access, log.address);
    const value = log.args.value ?? 0n;
    return {
      token: token.symbol,
      from: log.args.from ? getAddress(log.args.from) : '',
      to: log.args.to ? getAddress(log.args.to) : '',
      amount: token.decimals === undefined ? value.toString() : formatAmount(value, token.decimals),
    };
  });
  return {
    chainId: chain.id,
    chainName: chain.name,
    hash: tx.hash,
    status: receipt ? (receipt.status === 'success' ? 'success' : 'failed') : 'pending',
    from: getAddress(tx.from),
    to: tx.to ? getAddress(tx.to) : null,
    value: formatAmount(tx.value, chain.nativeDecimals),
    symbol: chain.nativeSymbol,
    fee: receipt
      ? formatAmount(receipt.gasUsed * receipt.effectiveGasPrice, chain.nativeDecimals)
      : null,
    block: tx.blockNumber === null ? null : tx.blockNumber.toString(),
    nonce: tx.nonce,
    timestamp: block ? new Date(Number(block.timestamp) * 1000).toISOString() : null,
    tokenTransfers,
  };
}

interface TokenLabel {
  symbol: string;
  decimals: number | undefined;
}

/**
 * A token's symbol and decimals, read from the contract once per chain and token
 * (`chain-reads.ts`); else its listed symbol or address, amounts then shown in base units.
 */
async function tokenLabel(access: EvmChainAccess, tokenAddress: Address): Promise<TokenLabel> {
  const fallback = fallbackLabel(access, tokenAddress);
  return tokenFacts(access, { address: tokenAddress, symbol: fallback.symbol }).catch(
    () => fallback,
  );
}

function fallbackLabel(access: EvmChainAccess, tokenAddress: Address): TokenLabel {
  const known = access.tokens.find(
    (token) => token.address.toLowerCase() === tokenAddress.toLowerCase(),
  );
  return { symbol: known?.symbol ?? getAddress(tokenAddress), decimals: undefined };
}

async function readSolana(access: SolanaChainAccess, signature: string): Promise<ChainTransaction> {
  const { chain } = access;
  const facts = await readSolanaTransaction(access.rpc, signature);
  if (!facts) throw new NotFoundError(walletMessages.transactionNotFound);
  // The main receiver: the account (other than the payer) that gained the most lamports.
  let to: string | null = null;
  let value = 0n;
  facts.lamportDeltas.forEach((delta, index) => {
    const account = facts.accounts[index];
    if (account !== undefined && account !== facts.feePayer && delta > value) {
      value = delta;
      to = account;
    }
  });
  const symbols = new Map(access.tokens.map((token) => [token.address, token.symbol]));
  const tokenTransfers = facts.tokenDeltas
    .filter((entry) => entry.delta > 0n)
    .map((entry) => ({
      token: symbols.get(entry.mint) ?? entry.mint,
      from: tokenSender(facts, entry.mint),
      to: entry.owner,
      amount: formatAmount(entry.delta, entry.decimals),
    }));
  return {
    chainId: chain.id,
    chainName: chain.name,
    hash: signature,
    status: facts.failed ? 'failed' : 'success',
    from: facts.feePayer,
    to,
    value: formatAmount(value, chain.nativeDecimals),
    symbol: chain.nativeSymbol,
    fee: formatAmount(facts.fee, chain.nativeDecimals),
    block: facts.slot.toString(),
    nonce: null,
    timestamp: facts.blockTime ? facts.blockTime.toISOString() : null,
    tokenTransfers,
  };
}
