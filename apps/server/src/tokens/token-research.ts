import {
  chainFamilyOf,
  checkAddressForChain,
  cexMessages,
  tokenItemId,
  tokenMessages,
  totalPages,
  type CexListQuery,
  type CexPriceResponse,
  type CexTokenListItem,
  type CexTokenListResponse,
  type ChainCode,
  type TokenByIdResponse,
  type TokenDetailResponse,
  type TokenListItem,
  type TokenListQuery,
  type TokenListResponse,
} from '@vaultscope/core';
import type { Clock } from '../lib/clock';
import { BadRequestError, NotFoundError } from '../lib/errors';
import type { CexRepository } from './cex-repository';
import type { ListOrder, TokenListIndex } from './token-list-index';
import type { TokensRepository } from './tokens-repository';

/** Which of `ids` a user has favourited; composed in by the app from the favourites feature. */
export type FavouritesAmong = (
  userId: string,
  type: 'DEX' | 'CEX',
  ids: readonly string[],
) => Promise<Set<string>>;

export interface TokenResearchDeps {
  tokens: TokensRepository;
  cex: CexRepository;
  index: TokenListIndex;
  clock: Clock;
  favouritesAmong: FavouritesAmong;
}

const NONE: ReadonlySet<string> = new Set();
const flag = (on: boolean) => (on ? (1 as const) : (0 as const));

/**
 * The token research read side: DEX lists, details and rows, CEX lists and price pages, each
 * with `is_favourite` for the caller. Routes call this; it calls the repositories.
 */
export class TokenResearch {
  constructor(private readonly deps: TokenResearchDeps) {}

  /** Forget derived copies of the data (after a load in this process). */
  invalidate(): void {
    this.deps.index.invalidate();
  }

  private async favourites(userId: string | undefined, type: 'DEX' | 'CEX', ids: string[]) {
    return userId && ids.length > 0 ? this.deps.favouritesAmong(userId, type, ids) : NONE;
  }

  /** A page of a DEX list: ids and total from the list index, the rows in one primary-key query. */
  async list(order: ListOrder, query: TokenListQuery, userId?: string): Promise<TokenListResponse> {
    const { page, page_size } = query;
    const { ids, total } = await this.deps.index.page(
      query,
      order,
      (page - 1) * page_size,
      page_size,
      this.deps.clock.now(),
    );
    const [byId, favourites] = await Promise.all([
      this.deps.tokens.listRows(ids),
      this.favourites(userId, 'DEX', ids),
    ]);
    // A row removed by a load since the index was read is left out, never invented.
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    return {
      tokenDetails: rows.map((row) => ({ ...row, is_favourite: flag(favourites.has(row.id)) })),
      totalPages: totalPages(total, page_size),
      page,
      page_size,
    };
  }

  /** The address in display form and the token id, or a 400 with the spec-style message. */
  private tokenId(chainName: ChainCode, address: string): { id: string; address: string } {
    const checked = checkAddressForChain(chainName, address);
    if (!checked.ok) throw new BadRequestError(checked.message);
    return { id: tokenItemId(chainName, checked.address), address: checked.address };
  }

  /** The token detail with score; 404 'Record not found, will get back shortly' when we have no report. */
  async detail(address: string, network: ChainCode, userId?: string): Promise<TokenDetailResponse> {
    const { id } = this.tokenId(network, address);
    const record = await this.deps.tokens.detail(id);
    if (!record) throw new NotFoundError(tokenMessages.recordNotFound);
    const favourite = (await this.favourites(userId, 'DEX', [id])).has(id);
    const { report, market } = record;
    const detail: TokenDetailResponse = {
      id,
      tokenName: record.tokenName,
      ...(record.symbol === null ? {} : { symbol: record.symbol }),
      tokenAddress: record.address,
      chainName: record.chainName,
      price: market?.price ?? null,
      fdv: market?.fdv ?? null,
      liquidity: market?.liquidity ?? null,
      priceProvider: market?.priceSource ?? record.reportProvider,
      pairAddress: market?.pairAddress ?? null,
      isVaultscope: flag(market !== null),
      totalScore: record.totalScore,
      riskLevel: record.riskLevel,
      trusted_token: record.trustedToken,
      tokenDetails: report,
      is_favourite: flag(favourite),
    };
    if (chainFamilyOf(network) !== 'solana') return detail;
    const { dexDetails, holders, mintable, freezable, metadata, creators } = report;
    return { ...detail, dexDetails, holders, mintable, freezable, metadata, creators };
  }

  /** One DEX token as a list row. */
  async byId(address: string, chainName: ChainCode, userId?: string): Promise<TokenByIdResponse> {
    const { id } = this.tokenId(chainName, address);
    const row = (await this.deps.tokens.listRows([id])).get(id);
    if (!row) throw new NotFoundError(tokenMessages.recordNotFound);
    const favourite = (await this.favourites(userId, 'DEX', [id])).has(id);
    return { tokenDetails: { ...row, is_favourite: flag(favourite) } };
  }

  /** DEX list rows by id, as favourites (watch list details). */
  async dexFavouriteRows(ids: string[]): Promise<Map<string, TokenListItem>> {
    const rows = await this.deps.tokens.listRows(ids);
    return new Map([...rows].map(([id, row]) => [id, { ...row, is_favourite: 1 as const }]));
  }

  dexExists(id: string): Promise<boolean> {
    return this.deps.tokens.exists(id);
  }

  /** A page of CEX coins by market-cap rank. */
  async cexList(query: CexListQuery, userId?: string): Promise<CexTokenListResponse> {
    const { page, page_size } = query;
    const { rows, total } = await this.deps.cex.list({
      chainName: query.chainName,
      offset: (page - 1) * page_size,
      limit: page_size,
    });
    const favourites = await this.favourites(
      userId,
      'CEX',
      rows.map((row) => row.id),
    );
    return {
      tokenDetails: rows.map((row) => ({ ...row, is_favourite: flag(favourites.has(row.id)) })),
      totalPages: totalPages(total, page_size),
      page,
      page_size,
    };
  }

  /** The CEX price page of a coin, by contract address or market id. */
  async cexPrice(tokenAddress: string, userId?: string): Promise<CexPriceResponse> {
    const found = await this.deps.cex.byTokenAddress(tokenAddress);
    if (!found) throw new NotFoundError(cexMessages.notFound);
    const favourite = (await this.favourites(userId, 'CEX', [found.row.id])).has(found.row.id);
    return { ...found.row, is_favourite: flag(favourite), market: found.market };
  }

  /** CEX list rows by market id, as favourites (watch list details). */
  async cexFavouriteRows(ids: string[]): Promise<Map<string, CexTokenListItem>> {
    const rows = await this.deps.cex.listRows(ids);
    return new Map([...rows].map(([id, row]) => [id, { ...row, is_favourite: 1 as const }]));
  }

  cexExists(id: string): Promise<boolean> {
    return this.deps.cex.exists(id);
  }
}
