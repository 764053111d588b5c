import {
  CHAIN_CODES,
  securityReportSchema,
  type ChainCode,
  type SecurityReportInput,
} from '@vaultscope/core';
import type { ProvidedReport } from '../../tokens/providers';
import type { ProviderEndpoint } from '../http/provider-client';
import { countOf } from '../parse';
import { SecurityEngineAdapter, tokensToAsk } from '../security-engine';
import { honeypotIsAnswerSchema, type HoneypotIsAnswer } from './honeypot-is-schemas';

/** The chains Honeypot.is simulates on (reference doc 5.1: Ethereum, BSC, Base; Base is not ours). */
export const HONEYPOT_IS_CHAINS: readonly ChainCode[] = ['eth', 'bsc'];
/**
 * Honeypot.is publishes no rate limit (reference doc 5.1: an integrator saw about 50 calls per
 * short window); 30 a minute, one token per call, stays well under it.
 */
export const HONEYPOT_IS_RATE_PER_MINUTE = 30;

/** Summary flags that say a holder cannot sell all of its balance at once (compared lower-cased). */
const SELL_LIMIT_FLAGS = new Set([
  'effective_honeypot_low_sell_limit',
  'extremely_low_sell_limit',
  'low_sell_limit',
]);

/**
 * Honeypot.is, an engine that buys and sells the token in a simulation, as a
 * {@link SecurityReportProvider} whose reports are named `honeypot-is`. It answers only what the
 * simulation measured: `is_honeypot`, `buy_tax` and `sell_tax` (percent to fractions),
 * `cannot_buy` (a buy that went through), `cannot_sell_all` (a sell-limit flag in its summary),
 * the holder count and whether the token's own source is verified; every other field of the
 * report stays null. A token on a chain it does not cover, an answer it refuses (400: not a token
 * it can test) or a malformed one is left out, logged.
 */
export class HoneypotIsSecurityProvider extends SecurityEngineAdapter {
  readonly name = 'honeypot-is';

  async fetchReports(
    tokens: readonly { chainName: ChainCode; address: string }[],
  ): Promise<ProvidedReport[]> {
    const reports: ProvidedReport[] = [];
    for (const { chainName, address } of tokensToAsk(tokens, (chain) =>
      HONEYPOT_IS_CHAINS.includes(chain),
    )) {
      const report = await this.fetchOne(chainName, address);
      if (report) reports.push(report);
    }
    return reports;
  }

  private async fetchOne(chainName: ChainCode, address: string): Promise<ProvidedReport | null> {
    const chainId = CHAIN_CODES.find((chain) => chain.code === chainName)?.chainId;
    const path = '/v2/IsHoneypot';
    const answer = await this.getOrWarn(
      path,
      honeypotIsAnswerSchema,
      { chainName },
      { query: { address, chainID: chainId } },
    );
    if (!answer) return null;
    const report = securityReportSchema.safeParse(honeypotIsReport(answer));
    if (!report.success) {
      this.warnDropped(path, { address }, report.error);
      return null;
    }
    return {
      engine: 'honeypot-is',
      chainName,
      address,
      name: answer.token?.name?.trim() || null,
      symbol: answer.token?.symbol?.trim() || null,
      // Honeypot.is keeps no trust list: it does not say.
      trusted_token: null,
      report: report.data,
    };
  }
}

/** A tax in percent as a fraction; outside 0-100 % it is not a tax we can store (unknown). */
function taxOf(percent: number | undefined): number | null {
  if (percent === undefined || !Number.isFinite(percent) || percent < 0 || percent > 100)
    return null;
  return percent / 100;
}

function flagOfBoolean(value: boolean | null | undefined): 0 | 1 | null {
  return value === undefined || value === null ? null : value ? 1 : 0;
}

/** The fields a Honeypot.is answer measured; the rest of the report reads null (unknown). */
export function honeypotIsReport(answer: HoneypotIsAnswer): SecurityReportInput {
  const simulated = answer.simulationSuccess ? answer.simulationResult : undefined;
  const flags = answer.summary?.flags?.map((item) => item.flag.toLowerCase());
  const sellLimited = flags?.some((flag) => SELL_LIMIT_FLAGS.has(flag));
  return {
    is_honeypot: flagOfBoolean(answer.honeypotResult?.isHoneypot),
    buy_tax: taxOf(simulated?.buyTax),
    sell_tax: taxOf(simulated?.sellTax),
    // A simulation that succeeded bought the token.
    cannot_buy: answer.simulationSuccess ? 0 : null,
    // Judged only when the simulation ran and its summary lists its findings.
    cannot_sell_all: sellLimited ? 1 : answer.simulationSuccess && flags !== undefined ? 0 : null,
    holder_count: countOf(answer.token?.totalHolders),
    // `rootOpenSource` is the token's own contract (`openSource` also needs every contract the
    // trade touched verified).
    is_open_source: flagOfBoolean(answer.contractCode?.rootOpenSource),
  };
}

/**
 * Where and how fast the Honeypot.is client calls, for the factory that builds it: a base URL and
 * an optional key (sent as `X-API-KEY`).
 */
export function honeypotIsEndpoint(settings: {
  baseUrl: string;
  apiKey?: string;
}): ProviderEndpoint {
  return {
    provider: 'honeypot-is',
    baseUrl: settings.baseUrl,
    headers: settings.apiKey ? { 'x-api-key': settings.apiKey } : {},
    ratePerMinute: HONEYPOT_IS_RATE_PER_MINUTE,
  };
}
