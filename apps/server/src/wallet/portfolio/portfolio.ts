import {
  assetLogoPath,
  formatAmount,
  networksForMode,
  type PortfolioBalance,
  type PortfolioResponse,
  walletMessages,
  type WalletAssetItem,
} from '@vaultscope/core';
import type { FastifyBaseLogger } from 'fastify';
import { BadRequestError } from '../../lib/errors';
import { withTimeout } from '../../lib/with-timeout';
import { chainErrorText } from '../chain-errors';
import { type AssetBalance, readChainBalances } from './chain-balances';
import { divideScaled, scaledText, usdValue } from './usd-math';
import type { ChainAccess, WalletChains } from '../wallet-chains';
import { type AssetPrice, ETH_ON_ETHEREUM, type WalletPrices } from './wallet-prices';
import type { WalletService } from '../wallet-service';

/** How long one chain may take in the all-chains portfolio before it counts as unavailable. */
export const PORTFOLIO_CHAIN_TIMEOUT_MS = 5_000;
const TOTAL_USD_DECIMALS = 8;

/** Balances of the user's wallet: one chain's assets, or every chain of the user's network mode. */
export class WalletPortfolio {
  constructor(
    private readonly wallet: WalletService,
    private readonly chains: WalletChains,
    private readonly prices: WalletPrices,
    private readonly log: FastifyBaseLogger,
    private readonly chainTimeoutMs = PORTFOLIO_CHAIN_TIMEOUT_MS,
  ) {}

  /**
   * The native coin first, then the chain's known tokens, with balances as decimal text. On a
   * real mainnet the known tokens are the market's: the held ones and the few best-ranked.
   */
  async assetsByChain(
    userId: string,
    chainId: number,
  ): Promise<{ chainId: number; address: string; Assets: WalletAssetItem[] }> {
    const access = this.requireChain(chainId);
    const [owner, listed] = await Promise.all([
      this.wallet.requireAddress(userId, access.family),
      this.prices.marketTokens(chainId),
    ]);
    const balances = await readChainBalances(access, owner, { log: this.log, listed });
    return {
      chainId,
      address: owner,
      Assets: balances.map((asset) => ({
        address: asset.address,
        symbol: asset.symbol,
        name: asset.name,
        decimals: asset.decimals,
        balance: formatAmount(asset.units, asset.decimals),
        logo: assetLogoPath(asset.symbol),
      })),
    };
  }

  /**
   * Non-zero balances on every configured chain of the user's network mode, read in parallel. A
   * chain that fails or is slow is reported in `unavailableChains` instead of failing the call.
   */
  async allChainAssets(userId: string): Promise<PortfolioResponse> {
    const [mode, evm, solana] = await Promise.all([
      this.wallet.networkMode(userId),
      this.wallet.address(userId, 'evm'),
      this.wallet.address(userId, 'solana'),
    ]);
    const owners = { evm, solana };
    const targets = networksForMode(mode)
      .map((chain) => this.chains.get(chain.id))
      .filter((access): access is ChainAccess => access !== undefined)
      .flatMap((access) => {
        const owner = owners[access.family];
        return owner ? [{ access, owner }] : [];
      });
    const results = await Promise.allSettled(
      targets.map(({ access, owner }) =>
        withTimeout(this.chainTimeoutMs, async (signal) =>
          readChainBalances(access, owner, {
            log: this.log,
            signal,
            listed: await this.prices.marketTokens(access.chain.id),
          }),
        ),
      ),
    );
    // Priced on the chain they are on: by symbol, or a token of a real mainnet by its address.
    // ETH on Ethereum is priced in the same call, for a native equivalent with no ETH row.
    const priceOf = await this.prices.prices([
      ...results.flatMap((result, index) =>
        result.status === 'fulfilled'
          ? result.value.map((asset) => ({
              chainId: targets[index]!.access.chain.id,
              symbol: asset.symbol,
              native: asset.native,
              address: asset.address,
            }))
          : [],
      ),
      ETH_ON_ETHEREUM,
    ]);

    const balances: PortfolioBalance[] = [];
    const unavailableChains: number[] = [];
    let total = 0n;
    // The ETH price of `nativeEquivalent` is the one the answer's own ETH rows carry, so that the
    // total in ETH agrees with them: a separate look-up of Ethereum's market price once put ETH
    // at $3,300 beside local Sepolia ETH rows at the devnet table's $3,000. Rows come mainnets
    // first, so a mainnet's ETH leads; with no priced ETH row, ETH on Ethereum, same prices.
    let ethUsd: bigint | undefined;
    results.forEach((result, index) => {
      const { access } = targets[index]!;
      if (result.status === 'rejected') {
        unavailableChains.push(access.chain.id);
        // The text only: a viem error names the RPC URL, which may hold an API key.
        this.log.warn(
          { chainId: access.chain.id, error: chainErrorText(result.reason) },
          'portfolio: chain unavailable',
        );
        return;
      }
      for (const asset of result.value) {
        if (asset.units === 0n) continue;
        const price = priceOf({
          chainId: access.chain.id,
          symbol: asset.symbol,
          native: asset.native,
          address: asset.address,
        });
        const value = price ? usdValue(asset.units, asset.decimals, price.usd) : undefined;
        if (value !== undefined) total += value;
        if (asset.native && asset.symbol === ETH_ON_ETHEREUM.symbol) ethUsd ??= price?.usd;
        balances.push(toBalance(access, asset, price, value));
      }
    });
    ethUsd ??= priceOf(ETH_ON_ETHEREUM)?.usd;
    return {
      balances,
      totalUsdValue: scaledText(total, TOTAL_USD_DECIMALS),
      nativeEquivalent: {
        symbol: ETH_ON_ETHEREUM.symbol,
        amount: ethUsd && ethUsd > 0n ? scaledText(divideScaled(total, ethUsd)) : null,
      },
      unavailableChains,
    };
  }

  private requireChain(chainId: number): ChainAccess {
    const access = this.chains.get(chainId);
    if (!access) throw new BadRequestError(walletMessages.unsupportedNetwork);
    return access;
  }
}

function toBalance(
  access: ChainAccess,
  asset: AssetBalance,
  price: AssetPrice | undefined,
  value: bigint | undefined,
): PortfolioBalance {
  const solanaToken = access.family === 'solana' && !asset.native;
  return {
    chainId: access.chain.id,
    chainName: access.chain.name,
    symbol: asset.symbol,
    name: asset.name,
    logo: assetLogoPath(asset.symbol),
    decimals: asset.decimals,
    balance: formatAmount(asset.units, asset.decimals),
    tokenAddress: solanaToken ? null : asset.address,
    mint: solanaToken ? asset.address : null,
    usdPrice: price ? scaledText(price.usd) : null,
    usd_value: value === undefined ? null : scaledText(value),
    change24h: price?.change24h ?? null,
    priceSource: price?.source ?? null,
  };
}
