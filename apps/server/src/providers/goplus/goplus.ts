import {
  CHAIN_CODES,
  addressKey,
  chainFamilyOf,
  securityReportSchema,
  type ChainCode,
  type Flag,
  type SecurityReportInput,
} from '@vaultscope/core';
import type { z } from 'zod';
import type { ProvidedReport } from '../../tokens/providers';
import type { ProviderEndpoint } from '../http/provider-client';
import { countOf, decimalTextOf, flagOf, fractionOf, nonNegativeOf, numberOf } from '../parse';
import { SecurityEngineAdapter, tokensToAsk, type SecurityEngineOptions } from '../security-engine';
import {
  goPlusEnvelopeSchema,
  goPlusEvmTokenSchema,
  goPlusSolanaTokenSchema,
  type GoPlusEvmToken,
  type GoPlusSolanaToken,
} from './goplus-schemas';

/** GoPlus answers HTTP 200 with these codes for "try again" (4029 limit, 2 partial data). */
const RETRY_CODES = new Set([4029]);
/** Codes whose `result` holds data: complete, or partial (missing fields read unknown). */
const DATA_CODES = new Set([1, 2]);

export interface GoPlusOptions extends SecurityEngineOptions {
  /**
   * Addresses per request. Without an access token GoPlus answers only the first address of a
   * multi-address request (reference doc 3.1), so the default is 1 without a key.
   */
  batchSize: number;
}

/**
 * GoPlus token security (EVM `token_security/{chain_id}`, Solana `solana/token_security`) as a
 * {@link SecurityReportProvider}, normalised to core's `securityReportSchema`: `"1"`/`"0"` to
 * 1/0, `""` and missing keys to `null`, taxes and shares as fractions, holder and dex lists
 * reshaped. A token whose entry has wrong-typed fields is logged and left out; a failed batch
 * is logged and its tokens left out (the provider "knows nothing" of them this time).
 */
export class GoPlusSecurityProvider extends SecurityEngineAdapter<GoPlusOptions> {
  readonly name = 'goplus';

  async fetchReports(
    tokens: readonly { chainName: ChainCode; address: string }[],
  ): Promise<ProvidedReport[]> {
    const byChain = new Map<ChainCode, string[]>();
    for (const { chainName, address } of tokensToAsk(tokens, () => true))
      byChain.set(chainName, [...(byChain.get(chainName) ?? []), address]);
    const reports: ProvidedReport[] = [];
    for (const [chainName, addresses] of byChain) {
      for (let start = 0; start < addresses.length; start += this.options.batchSize) {
        const batch = addresses.slice(start, start + this.options.batchSize);
        reports.push(...(await this.fetchBatch(chainName, batch)));
      }
    }
    return reports;
  }

  private async fetchBatch(chainName: ChainCode, addresses: string[]): Promise<ProvidedReport[]> {
    const solana = chainFamilyOf(chainName) === 'solana';
    const chainId = CHAIN_CODES.find((chain) => chain.code === chainName)?.chainId;
    const path = solana ? '/api/v1/solana/token_security' : `/api/v1/token_security/${chainId}`;
    const envelope = await this.getOrWarn(
      path,
      goPlusEnvelopeSchema,
      { tokens: addresses.length },
      {
        query: { contract_addresses: addresses.join(',') },
        retryWhen: (body) => RETRY_CODES.has(body.code),
      },
    );
    if (!envelope) return [];
    if (!DATA_CODES.has(envelope.code) || !envelope.result) {
      this.options.log?.warn(
        { provider: this.name, path, code: envelope.code },
        'security provider answered without data',
      );
      return [];
    }
    const entries = new Map(
      Object.entries(envelope.result).map(([key, value]) => [addressKey(chainName, key), value]),
    );
    const reports: ProvidedReport[] = [];
    for (const address of addresses) {
      const entry = entries.get(addressKey(chainName, address));
      if (entry === undefined || entry === null) continue;
      const report = solana
        ? this.normalise(path, address, goPlusSolanaTokenSchema, entry, solanaReport)
        : this.normalise(path, address, goPlusEvmTokenSchema, entry, evmReport);
      if (report) reports.push({ chainName, address, ...report });
    }
    return reports;
  }

  private normalise<S extends z.ZodType>(
    path: string,
    address: string,
    schema: S,
    entry: unknown,
    toReport: (token: z.output<S>) => Omit<ProvidedReport, 'chainName' | 'address' | 'report'> & {
      report: SecurityReportInput;
    },
  ): Omit<ProvidedReport, 'chainName' | 'address'> | null {
    const token = schema.safeParse(entry);
    const normalised = token.success ? toReport(token.data as z.output<S>) : null;
    const report = normalised ? securityReportSchema.safeParse(normalised.report) : null;
    if (!normalised || !report?.success) {
      this.warnDropped(path, { address }, token.success ? report?.error : token.error);
      return null;
    }
    return { ...normalised, report: report.data };
  }
}

/**
 * GoPlus's rate limit for the free tier is not published (reference doc 3.1); 30 calls a minute
 * keeps well under what integrators report, and `code: 4029` answers are backed off anyway.
 */
export const GOPLUS_RATE_PER_MINUTE = 30;
/** Addresses per request with an access token (GoPlus documents no maximum; kept small). */
export const GOPLUS_KEYED_BATCH = 20;

/**
 * Where and how fast the GoPlus client calls, for the factory that builds it: a base URL and an
 * optional access token (`POST /api/v1/token` gives one), sent as `Authorization`.
 */
export function goPlusEndpoint(settings: {
  baseUrl: string;
  accessToken?: string;
}): ProviderEndpoint {
  return {
    provider: 'goplus',
    baseUrl: settings.baseUrl,
    headers: settings.accessToken ? { authorization: settings.accessToken } : {},
    ratePerMinute: GOPLUS_RATE_PER_MINUTE,
  };
}

/** Addresses per request: without an access token GoPlus answers only the first of a batch. */
export function goPlusBatchSize(accessToken: string | undefined): number {
  return accessToken ? GOPLUS_KEYED_BATCH : 1;
}

/** `""` and whitespace read as unknown. */
function textOf(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

type Holder = NonNullable<GoPlusEvmToken['holders']>[number];

function holdersOf(holders: Holder[] | null | undefined) {
  if (!holders) return null;
  return holders.map((holder) => ({
    address: textOf(holder.address ?? holder.account ?? holder.token_account),
    tag: textOf(holder.tag),
    is_contract: flagOf(holder.is_contract),
    balance: decimalTextOf(holder.balance),
    percent: fractionOf(holder.percent),
    is_locked: flagOf(holder.is_locked),
  }));
}

function evmReport(token: GoPlusEvmToken) {
  const report: SecurityReportInput = {
    hidden_owner: flagOf(token.hidden_owner),
    selfdestruct: flagOf(token.selfdestruct),
    is_honeypot: flagOf(token.is_honeypot),
    honeypot_with_same_creator: countOf(token.honeypot_with_same_creator),
    is_proxy: flagOf(token.is_proxy),
    cannot_buy: flagOf(token.cannot_buy),
    total_supply: decimalTextOf(token.total_supply),
    holder_count: countOf(token.holder_count),
    transfer_pausable: flagOf(token.transfer_pausable),
    trading_cooldown: flagOf(token.trading_cooldown),
    owner_percent: fractionOf(token.owner_percent),
    is_whitelisted: flagOf(token.is_whitelisted),
    is_blacklisted: flagOf(token.is_blacklisted),
    is_in_dex: flagOf(token.is_in_dex),
    is_open_source: flagOf(token.is_open_source),
    sell_tax: fractionOf(token.sell_tax),
    buy_tax: fractionOf(token.buy_tax),
    creator_percent: fractionOf(token.creator_percent),
    owner_balance: decimalTextOf(token.owner_balance),
    can_take_back_ownership: flagOf(token.can_take_back_ownership),
    slippage_modifiable: flagOf(token.slippage_modifiable),
    external_call: flagOf(token.external_call),
    cannot_sell_all: flagOf(token.cannot_sell_all),
    personal_slippage_modifiable: flagOf(token.personal_slippage_modifiable),
    is_anti_whale: flagOf(token.is_anti_whale),
    is_mintable: flagOf(token.is_mintable),
    owner_change_balance: flagOf(token.owner_change_balance),
    anti_whale_modifiable: flagOf(token.anti_whale_modifiable),
    holders: holdersOf(token.holders),
    lp_holders: holdersOf(token.lp_holders),
    dexDetails:
      token.dex?.map((dex) => ({
        dex_name: textOf(dex.name),
        id: textOf(dex.pair),
        type: textOf(dex.liquidity_type),
        tvl: nonNegativeOf(dex.liquidity),
        burn_percent: null,
      })) ?? null,
  };
  return {
    name: textOf(token.token_name),
    symbol: textOf(token.token_symbol),
    // `trust_list` is only sent when "1"; its absence is not a risk, and the flag only lifts.
    trusted_token: (flagOf(token.trust_list) === 1 ? 1 : 0) as Flag,
    report,
  };
}

type FlaggedAddress = NonNullable<GoPlusSolanaToken['creators']>[number];
type Authority = NonNullable<GoPlusSolanaToken['mintable']>;

function flaggedOf(list: FlaggedAddress[] | null | undefined) {
  if (!list) return null;
  return list.map((item) =>
    typeof item === 'string'
      ? { address: item, malicious_address: null }
      : { address: item.address, malicious_address: flagOf(item.malicious_address) },
  );
}

function authorityOf(value: Authority | null | undefined) {
  if (!value) return null;
  return { status: flagOf(value.status), authority: flaggedOf(value.authority) ?? [] };
}

function baseUnitsOf(value: string | number): string {
  // A maximum fee the report cannot hold (not whole base units) fails the report's check.
  return decimalTextOf(value) ?? String(value);
}

function solanaReport(token: GoPlusSolanaToken) {
  const state = numberOf(token.default_account_state);
  const fee = token.transfer_fee;
  const report: SecurityReportInput = {
    total_supply: decimalTextOf(token.total_supply),
    holder_count: countOf(token.holder_count),
    non_transferable: flagOf(token.non_transferable ?? token.none_transferable),
    mintable: authorityOf(token.mintable),
    freezable: authorityOf(token.freezable),
    closable: authorityOf(token.closable),
    balance_mutable_authority: authorityOf(token.balance_mutable_authority),
    metadata_mutable: token.metadata_mutable
      ? {
          status: flagOf(token.metadata_mutable.status),
          metadata_upgrade_authority:
            flaggedOf(token.metadata_mutable.metadata_upgrade_authority) ?? [],
        }
      : null,
    default_account_state: state === 0 || state === 1 || state === 2 ? state : null,
    default_account_state_upgradable: authorityOf(token.default_account_state_upgradable),
    transfer_fee: fee
      ? {
          current_fee_rate: fee.current_fee_rate
            ? {
                fee_rate: fractionOf(fee.current_fee_rate.fee_rate) ?? -1,
                maximum_fee: baseUnitsOf(fee.current_fee_rate.maximum_fee),
              }
            : null,
          scheduled_fee_rate: (fee.scheduled_fee_rate ?? []).map((rate) => ({
            fee_rate: fractionOf(rate.fee_rate) ?? -1,
            maximum_fee: baseUnitsOf(rate.maximum_fee),
            epoch: baseUnitsOf(rate.epoch),
          })),
        }
      : null,
    transfer_fee_upgradable: authorityOf(token.transfer_fee_upgradable),
    transfer_hook: flaggedOf(token.transfer_hook),
    transfer_hook_upgradable: authorityOf(token.transfer_hook_upgradable),
    metadata: token.metadata
      ? {
          name: textOf(token.metadata.name),
          symbol: textOf(token.metadata.symbol),
          description: textOf(token.metadata.description),
          uri: textOf(token.metadata.uri),
        }
      : null,
    creators: flaggedOf(token.creators),
    holders: holdersOf(token.holders),
    lp_holders: holdersOf(token.lp_holders),
    dexDetails:
      token.dex?.map((dex) => {
        const burnt = numberOf(dex.burn_percent);
        return {
          dex_name: textOf(dex.dex_name),
          id: textOf(dex.id),
          type: textOf(dex.type),
          tvl: nonNegativeOf(dex.tvl),
          burn_percent: burnt !== null && burnt >= 0 && burnt <= 100 ? burnt : null,
        };
      }) ?? null,
  };
  return {
    name: textOf(token.metadata?.name),
    symbol: textOf(token.metadata?.symbol),
    trusted_token: (flagOf(token.trusted_token) === 1 ? 1 : 0) as Flag,
    report,
  };
}
