import { securityReportSchema, type ChainCode, type SecurityReportInput } from '@vaultscope/core';
import type { ProvidedReport } from '../../tokens/providers';
import type { ProviderEndpoint } from '../http/provider-client';
import { countOf, decimalTextOf, unitsToWhole } from '../parse';
import { SecurityEngineAdapter, tokensToAsk } from '../security-engine';
import { rugCheckReportSchema, type RugCheckReport } from './rugcheck-schemas';

/** RugCheck publishes no rate limit (reference doc 5.3); 30 calls a minute, one mint per call. */
export const RUGCHECK_RATE_PER_MINUTE = 30;

/**
 * RugCheck's Solana token report as a {@link SecurityReportProvider} whose reports are named
 * `rugcheck`, normalised to the Solana fields of core's report: mint and freeze authority
 * (revoked: status 0), top holders (pool vaults and known program accounts left out, percent to
 * fractions), the locked share of the largest market's LP as `lp_holders`, its markets as
 * `dexDetails`, the metadata and whether it can change. EVM tokens are not asked; a malformed
 * answer or a mint RugCheck does not know (4xx) is logged and left out.
 */
export class RugCheckSecurityProvider extends SecurityEngineAdapter {
  readonly name = 'rugcheck';

  async fetchReports(
    tokens: readonly { chainName: ChainCode; address: string }[],
  ): Promise<ProvidedReport[]> {
    const reports: ProvidedReport[] = [];
    for (const { address } of tokensToAsk(tokens, (chain) => chain === 'solana')) {
      const report = await this.fetchOne(address);
      if (report) reports.push(report);
    }
    return reports;
  }

  private async fetchOne(mint: string): Promise<ProvidedReport | null> {
    // The mint is base58 (checked above): nothing to escape in the path.
    const path = `/tokens/${mint}/report`;
    const answer = await this.getOrWarn(path, rugCheckReportSchema, {});
    if (!answer) return null;
    const report = securityReportSchema.safeParse(rugCheckSolanaReport(answer));
    if (!report.success) {
      this.warnDropped(path, {}, report.error);
      return null;
    }
    return {
      engine: 'rugcheck',
      chainName: 'solana',
      address: mint,
      name: answer.tokenMeta?.name?.trim() || null,
      symbol: answer.tokenMeta?.symbol?.trim() || null,
      trusted_token: null,
      report: report.data,
    };
  }
}

/** An authority: absent is unknown, `null` or `""` revoked, an address a live power. */
function authorityOf(value: string | null | undefined) {
  if (value === undefined) return null;
  const address = value?.trim();
  return address
    ? { status: 1 as const, authority: [{ address, malicious_address: null }] }
    : { status: 0 as const, authority: [] };
}

function percentToFraction(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return value >= 0 && value <= 100 ? value / 100 : null;
}

/** The Solana fields of core's report from a RugCheck report; what it does not say reads null. */
export function rugCheckSolanaReport(answer: RugCheckReport): SecurityReportInput {
  const token = answer.token;
  const mintAuthority =
    token?.mintAuthority !== undefined ? token.mintAuthority : answer.mintAuthority;
  const freezeAuthority =
    token?.freezeAuthority !== undefined ? token.freezeAuthority : answer.freezeAuthority;
  const supply =
    token?.supply !== undefined &&
    token?.supply !== null &&
    Number.isSafeInteger(token.supply) &&
    token.decimals !== undefined &&
    token.decimals !== null
      ? unitsToWhole(String(token.supply), token.decimals)
      : null;
  // Pool vaults and known accounts (AMMs, lockers) are not holders' concentration.
  const excluded = new Set<string>(Object.keys(answer.knownAccounts ?? {}));
  for (const market of answer.markets ?? []) {
    if (market.liquidityA) excluded.add(market.liquidityA);
    if (market.liquidityB) excluded.add(market.liquidityB);
  }
  const holders = answer.topHolders
    ? answer.topHolders
        .filter((holder) => !excluded.has(holder.address) && !excluded.has(holder.owner ?? ''))
        .map((holder) => ({
          address: holder.owner?.trim() || holder.address,
          tag: holder.insider ? 'insider' : null,
          is_contract: null,
          balance: decimalTextOf(holder.uiAmountString),
          percent: percentToFraction(holder.pct),
          is_locked: null,
        }))
    : null;
  const tvlOf = (market: NonNullable<RugCheckReport['markets']>[number]) => {
    const base = market.lp?.baseUSD;
    const quote = market.lp?.quoteUSD;
    if (base === null || base === undefined || quote === null || quote === undefined) return null;
    const tvl = base + quote;
    return Number.isFinite(tvl) && tvl >= 0 ? tvl : null;
  };
  const markets = answer.markets
    ? [...answer.markets].sort((a, b) => (tvlOf(b) ?? -1) - (tvlOf(a) ?? -1))
    : null;
  const locked = percentToFraction(markets?.[0]?.lp?.lpLockedPct);
  const meta = answer.tokenMeta;
  return {
    total_supply: supply,
    holder_count: countOf(answer.totalHolders),
    mintable: authorityOf(mintAuthority),
    freezable: authorityOf(freezeAuthority),
    metadata: meta
      ? {
          name: meta.name?.trim() || null,
          symbol: meta.symbol?.trim() || null,
          description: null,
          uri: meta.uri?.trim() || null,
        }
      : null,
    metadata_mutable:
      meta?.mutable === undefined || meta.mutable === null
        ? null
        : {
            status: meta.mutable ? 1 : 0,
            metadata_upgrade_authority:
              meta.mutable && meta.updateAuthority
                ? [{ address: meta.updateAuthority, malicious_address: null }]
                : [],
          },
    holders,
    // The largest market's LP split into its locked and unlocked shares (core reads the locked
    // share as the sum of `percent` where `is_locked` is 1).
    lp_holders:
      locked === null
        ? null
        : [
            { address: null, tag: 'locked', percent: locked, is_locked: 1 },
            { address: null, tag: null, percent: 1 - locked, is_locked: 0 },
          ],
    dexDetails: markets
      ? markets.map((market) => ({
          dex_name: market.marketType?.trim() || null,
          id: market.pubkey?.trim() || null,
          type: null,
          tvl: tvlOf(market),
          burn_percent: null,
        }))
      : null,
  };
}

/**
 * Where and how fast the RugCheck client calls, for the factory that builds it: a base URL
 * (`https://api.rugcheck.xyz/v1`) and an optional key.
 */
export function rugCheckEndpoint(settings: { baseUrl: string; apiKey?: string }): ProviderEndpoint {
  return {
    provider: 'rugcheck',
    baseUrl: settings.baseUrl,
    headers: settings.apiKey ? { 'x-api-key': settings.apiKey } : {},
    ratePerMinute: RUGCHECK_RATE_PER_MINUTE,
  };
}
