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
import { SOLANA_SIGNATURE, readSolanaTransaction, tokenSender } from './solana-transaction';
import type { EvmChainAccess, SolanaChainAccess, WalletChains } from '../wallet-chains';

const EVM_HASH = /^0x[0-9a-fA-F]{64}$/;

/** A transaction as the chain reports it: the app's own page of a local transaction. */
export async function readChainTransaction(
  chains: WalletChains,
  chainId: number,
  hash: string,
): Promise<ChainTransaction> {
  const access = chains.get(chainId);
  if (!access) throw new BadRequestError(walletMessages.unsupportedNetwork);
  if (access.family === 'evm') {
    if (!EVM_HASH.test(hash)) throw new BadRequestError(walletMessages.notTransactionHash);
    return readEvmTransaction(access, hash as Hash);
  }
  if (!SOLANA_SIGNATURE.test(hash))
    throw new BadRequestError(walletMessages.notTransactionSignature);
  return readSolana(access, hash);
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
    ? parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs, strict: false })
    : [];
  const tokenTransfers = await Promise.all(
    transfers.map(async (log) => {
      const token = await tokenLabel(access, log.address);
      const value = log.args.value ?? 0n;
      return {
        token: token.symbol,
        from: log.args.from ? getAddress(log.args.from) : '',
        to: log.args.to ? getAddress(log.args.to) : '',
        amount:
          token.decimals === undefined ? value.toString() : formatAmount(value, token.decimals),
      };
    }),
  );
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

/** A token's symbol and decimals, read from the contract; else its listed symbol or address. */
async function tokenLabel(
  access: EvmChainAccess,
  tokenAddress: Address,
): Promise<{ symbol: string; decimals: number | undefined }> {
  try {
    const [symbol, decimals] = await Promise.all([
      access.client.readContract({ address: tokenAddress, abi: erc20Abi, functionName: 'symbol' }),
      access.client.readContract({
        address: tokenAddress,
        abi: erc20Abi,
        functionName: 'decimals',
      }),
    ]);
    return { symbol: symbol.slice(0, 32), decimals };
  } catch {
    const known = access.tokens.find(
      (token) => token.address.toLowerCase() === tokenAddress.toLowerCase(),
    );
    return { symbol: known?.symbol ?? getAddress(tokenAddress), decimals: undefined };
  }
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
