import {
  CHAIN_CODES,
  chainFamilyOf,
  securityReportSchema,
  type ChainCode,
  type Flag,
} from '@vaultscope/core';
import type { CircuitState, ProvidedReport, SecurityReportProvider } from '../../tokens/providers';
import { combinedCircuit } from '../http/circuit-breaker';
import type { ProviderClient, ProviderEndpoint, ProviderLog } from '../http/provider-client';
import { ProviderError, ProviderHttpError } from '../http/provider-errors';
import { tokensToAsk } from '../security-engine';
import { etherscanSourceSchema, sourcifyContractSchema } from './source-verification-schemas';

/** Sourcify publishes no rate limit for its public server; 60 calls a minute is polite. */
export const SOURCIFY_RATE_PER_MINUTE = 60;
/** Etherscan's free tier allows 5 calls a second; 4 a second leaves room for other users of the key. */
export const ETHERSCAN_RATE_PER_MINUTE = 240;

export interface SourceVerificationOptions {
  sourcify?: ProviderClient;
  /** Etherscan API v2 (one key for every chain it serves, `chainid` per call). */
  etherscan?: { client: ProviderClient; apiKey: string };
  log?: ProviderLog;
}

/**
 * Whether an EVM token's source is verified, as a security engine named `source-verification`
 * whose report answers `is_open_source` only: 1 when Sourcify holds a match or Etherscan has its
 * source, 0 when Etherscan (the chain's explorer, with a key) says it has none, null when no one
 * could say. Sourcify's "not found" alone stays null: Sourcify holds only contracts verified with
 * it, and many verified on an explorer are not there, so its absence is no evidence of closed
 * source (and the combined verdict lets the riskier 0 win over GoPlus's 1). A token nobody could
 * answer is left out.
 */
export class SourceVerificationProvider implements SecurityReportProvider {
  readonly name = 'source-verification';

  constructor(private readonly options: SourceVerificationOptions) {
    if (!options.sourcify && !options.etherscan)
      throw new Error('source verification needs Sourcify or Etherscan');
  }

  circuit(): CircuitState {
    return combinedCircuit(
      [this.options.sourcify, this.options.etherscan?.client]
        .filter((client) => client !== undefined)
        .map((client) => client.breaker.state),
    );
  }

  async fetchReports(
    tokens: readonly { chainName: ChainCode; address: string }[],
  ): Promise<ProvidedReport[]> {
    const reports: ProvidedReport[] = [];
    for (const { chainName, address } of tokensToAsk(
      tokens,
      (chain) => chainFamilyOf(chain) === 'evm',
    )) {
      const verified = await this.verified(chainName, address);
      if (verified === null) continue;
      reports.push({
        engine: 'source-verification',
        chainName,
        address,
        name: null,
        symbol: null,
        trusted_token: null,
        report: securityReportSchema.parse({ is_open_source: verified }),
      });
    }
    return reports;
  }

  /** 1 verified, 0 not (the explorer says so), null unknown. */
  async verified(chainName: ChainCode, address: string): Promise<Flag> {
    const chainId = CHAIN_CODES.find((chain) => chain.code === chainName)?.chainId;
    if (chainId === undefined) return null;
    if (this.options.sourcify) {
      const found = await this.sourcify(chainId, address);
      if (found === 1) return 1;
    }
    return this.options.etherscan ? this.etherscan(chainId, address) : null;
  }

  private async sourcify(chainId: number, address: string): Promise<Flag> {
    const path = `/v2/contract/${chainId}/${address}`;
    try {
      const answer = await this.options.sourcify!.get(path, sourcifyContractSchema);
      return answer.match ? 1 : 0;
    } catch (error) {
      if (error instanceof ProviderHttpError && error.status === 404) return 0;
      if (!(error instanceof ProviderError)) throw error;
      this.options.log?.warn(
        { provider: 'sourcify', path, reason: error.name },
        'source verification not fetched',
      );
      return null;
    }
  }

  private async etherscan(chainId: number, address: string): Promise<Flag> {
    const { client, apiKey } = this.options.etherscan!;
    try {
      const answer = await client.get('', etherscanSourceSchema, {
        // The key goes in the query (Etherscan reads it nowhere else): the client logs paths only.
        query: {
          chainid: chainId,
          module: 'contract',
          action: 'getsourcecode',
          address,
          apikey: apiKey,
        },
        retryWhen: (body) => body.status === '0' && /rate limit/i.test(body.result ?? ''),
      });
      if (answer.status === '0') {
        // The message may echo what we sent: only that it failed is logged.
        this.options.log?.warn(
          { provider: 'etherscan', reason: 'error answer' },
          'source verification not fetched',
        );
        return null;
      }
      const entry = answer.result[0];
      if (!entry) return null;
      return entry.SourceCode.trim() ? 1 : 0;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.options.log?.warn(
        { provider: 'etherscan', reason: error.name },
        'source verification not fetched',
      );
      return null;
    }
  }
}

/** Where and how fast the Sourcify client calls (its public server needs no key). */
export function sourcifyEndpoint(baseUrl: string): ProviderEndpoint {
  return { provider: 'sourcify', baseUrl, ratePerMinute: SOURCIFY_RATE_PER_MINUTE };
}

/** Where and how fast the Etherscan client calls; its key goes in each call's query, not here. */
export function etherscanEndpoint(baseUrl: string): ProviderEndpoint {
  return { provider: 'etherscan', baseUrl, ratePerMinute: ETHERSCAN_RATE_PER_MINUTE };
}
