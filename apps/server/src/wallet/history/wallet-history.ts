import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { findChain, formatAmount, type WalletTransaction } from '@vaultscope/core';
import type { Database } from '../../lib/db/client';
import { scaledText, usdValue } from '../portfolio/usd-math';
import type { WalletChains } from '../wallet-chains';
import type { WalletPrices } from '../portfolio/wallet-prices';
import { walletKeys, walletScanCursors, walletSends, walletTransfers } from '../wallet-tables';
import { finalizedKeySql } from './evm-transfer-scanner';

/**
 * The user's history: sends from `wallet_sends` and receives the scanner recorded in
 * `wallet_transfers`, newest first, paged in the database.
 */
export class WalletHistory {
  constructor(
    private readonly db: Database,
    private readonly chains: WalletChains,
    private readonly prices: WalletPrices,
  ) {}

  /**
   * Whether the user sent `hash` on the chain (`wallet_sends`) or the scanner saw it move funds
   * into or out of one of the user's addresses (`wallet_transfers`).
   */
  async ownsTransaction(userId: string, chainId: number, hash: string): Promise<boolean> {
    const owned = this.ownedAddresses(userId);
    const [sent, moved] = await Promise.all([
      this.db
        .select({ id: walletSends.id })
        .from(walletSends)
        .where(
          and(
            eq(walletSends.userId, userId),
            eq(walletSends.chainId, chainId),
            eq(walletSends.hash, hash),
          ),
        )
        .limit(1),
      this.db
        .select({ id: walletTransfers.id })
        .from(walletTransfers)
        .where(
          and(
            eq(walletTransfers.chainId, chainId),
            eq(walletTransfers.hash, hash),
            or(
              inArray(walletTransfers.toAddress, owned),
              inArray(walletTransfers.fromAddress, owned),
            ),
          ),
        )
        .limit(1),
    ]);
    return sent.length > 0 || moved.length > 0;
  }

  private ownedAddresses(userId: string) {
    return this.db
      .select({ address: walletKeys.address })
      .from(walletKeys)
      .where(eq(walletKeys.userId, userId));
  }

  async list(
    userId: string,
    page: number,
    pageSize: number,
  ): Promise<{ transactions: WalletTransaction[]; count: number }> {
    const owned = this.ownedAddresses(userId);
    const sends = this.db
      .select({
        id: sql<string>`${walletSends.id}::text`.as('id'),
        type: sql<'send' | 'receive'>`'send'`.as('type'),
        sendStatus: sql<string>`${walletSends.status}`.as('send_status'),
        hash: sql<string>`coalesce(${walletSends.hash}, '')`.as('hash'),
        chainId: sql<number>`${walletSends.chainId}`.as('chain_id'),
        fromAddress: sql<string>`${walletSends.fromAddress}`.as('from_address'),
        toAddress: sql<string>`${walletSends.toAddress}`.as('to_address'),
        amount: sql<string>`${walletSends.amount}`.as('amount'),
        decimals: sql<number>`${walletSends.decimals}`.as('decimals'),
        symbol: sql<string>`${walletSends.symbol}`.as('symbol'),
        tokenAddress: sql<string | null>`${walletSends.tokenAddress}`.as('token_address'),
        fee: sql<string | null>`${walletSends.fee}`.as('fee'),
        at: sql<string>`${walletSends.createdAt}`.as('at'),
      })
      .from(walletSends)
      .where(eq(walletSends.userId, userId));
    const receives = this.db
      .select({
        id: sql<string>`${walletTransfers.id}::text`.as('id'),
        type: sql<'send' | 'receive'>`'receive'`.as('type'),
        // Pending while above the chain's finalized block as the scanner last read it: a reorg
        // may still undo it. Local chains store none, so their receives are confirmed at once.
        sendStatus: sql<string>`case when ${walletTransfers.blockNumber} > (
            select ${walletScanCursors.cursor}::bigint from ${walletScanCursors}
            where ${walletScanCursors.key} = ${finalizedKeySql(walletTransfers.chainId)}
          ) then 'pending' else 'confirmed' end`.as('send_status'),
        hash: sql<string>`${walletTransfers.hash}`.as('hash'),
        chainId: sql<number>`${walletTransfers.chainId}`.as('chain_id'),
        fromAddress: sql<string>`${walletTransfers.fromAddress}`.as('from_address'),
        toAddress: sql<string>`${walletTransfers.toAddress}`.as('to_address'),
        amount: sql<string>`${walletTransfers.amount}`.as('amount'),
        decimals: sql<number>`${walletTransfers.decimals}`.as('decimals'),
        symbol: sql<string>`${walletTransfers.symbol}`.as('symbol'),
        tokenAddress: sql<string | null>`${walletTransfers.tokenAddress}`.as('token_address'),
        fee: sql<string | null>`null::text`.as('fee'),
        at: sql<string>`${walletTransfers.blockTime}`.as('at'),
      })
      .from(walletTransfers)
      .where(inArray(walletTransfers.toAddress, owned));

    const [rows, sendCount, receiveCount] = await Promise.all([
      unionAll(sends, receives)
        .orderBy(desc(sql`at`), desc(sql`id`))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ total: count() }).from(walletSends).where(eq(walletSends.userId, userId)),
      this.db
        .select({ total: count() })
        .from(walletTransfers)
        .where(inArray(walletTransfers.toAddress, owned)),
    ]);
    const priceOf = await this.prices.prices(
      rows.map((row) => ({
        chainId: Number(row.chainId),
        symbol: row.symbol,
        native: row.tokenAddress === null,
        address: row.tokenAddress,
      })),
    );
    const transactions = rows.map((row): WalletTransaction => {
      const chainId = Number(row.chainId);
      const decimals = Number(row.decimals);
      const units = BigInt(row.amount);
      const price = priceOf({
        chainId,
        symbol: row.symbol,
        native: row.tokenAddress === null,
        address: row.tokenAddress,
      });
      const nativeDecimals = findChain(chainId)?.nativeDecimals ?? 18;
      return {
        _id: row.id,
        hash: row.hash,
        chainId,
        chainName: this.chains.chainName(chainId),
        type: row.type,
        status: statusOf(row.sendStatus),
        from: row.fromAddress,
        to: row.toAddress,
        value: formatAmount(units, decimals),
        symbol: row.symbol,
        tokenAddress: row.tokenAddress,
        transactionUrl: row.hash ? this.chains.transactionUrl(chainId, row.hash) : '',
        transactionFee:
          row.fee === null || row.fee === '' ? null : formatAmount(BigInt(row.fee), nativeDecimals),
        valueUSD: price ? scaledText(usdValue(units, decimals, price.usd)) : null,
        timestamp: new Date(row.at).toISOString(),
      };
    });
    return {
      transactions,
      count: (sendCount[0]?.total ?? 0) + (receiveCount[0]?.total ?? 0),
    };
  }
}

function statusOf(status: string): WalletTransaction['status'] {
  if (status === 'confirmed' || status === 'failed') return status;
  return 'pending';
}
