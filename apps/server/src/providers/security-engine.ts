import {
  addressKey,
  isValidAddressForChain,
  normaliseAddress,
  type ChainCode,
} from '@vaultscope/core';
import type { z } from 'zod';
import type { CircuitState, ProvidedReport, SecurityReportProvider } from '../tokens/providers';
import type { GetOptions, ProviderClient, ProviderLog } from './http/provider-client';
import { getOrWarn } from './http/get-or-warn';

/** A token the research ingest asks the engines about. */
type TokenRef = { chainName: ChainCode; address: string };

/**
 * The tokens an engine should be asked about: on a chain it `covers`, valid there, normalised
 * (EVM checksummed) and each once, in the order given. A token it cannot judge is not asked.
 */
export function tokensToAsk(
  tokens: readonly TokenRef[],
  covers: (chainName: ChainCode) => boolean,
): TokenRef[] {
  const asked = new Map<string, TokenRef>();
  for (const { chainName, address } of tokens) {
    if (!covers(chainName) || !isValidAddressForChain(chainName, address)) continue;
    const key = `${chainName}:${addressKey(chainName, address)}`;
    if (!asked.has(key))
      asked.set(key, { chainName, address: normaliseAddress(chainName, address) });
  }
  return [...asked.values()];
}

/** The first issues of a failed check, as `path: message` (for a log line, never the data). */
export function issuesOf(error: z.ZodError | undefined): string[] | undefined {
  return error?.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** What every security engine adapter is handed: its client (built by the factory) and a log. */
export interface SecurityEngineOptions {
  client: ProviderClient;
  log?: ProviderLog;
}

/**
 * The frame a security engine adapter with one client shares (GoPlus, Honeypot.is, RugCheck):
 * its circuit is its client's, and a call its provider fails is logged and answered as null, so
 * the adapter leaves those tokens out ("knows nothing" of them this time). The client, with its
 * time-out, retries, rate limit and `fetch`, is built outside (`research-providers.ts`).
 */
export abstract class SecurityEngineAdapter<
  O extends SecurityEngineOptions = SecurityEngineOptions,
> implements SecurityReportProvider {
  abstract readonly name: string;

  constructor(protected readonly options: O) {}

  circuit(): CircuitState {
    return this.options.client.breaker.state;
  }

  abstract fetchReports(tokens: readonly TokenRef[]): Promise<ProvidedReport[]>;

  /** The checked answer, or null (logged with the provider, path and `context`) on a failed call. */
  protected getOrWarn<S extends z.ZodType>(
    path: string,
    schema: S,
    context: Record<string, unknown>,
    getOptions?: GetOptions<z.output<S>>,
  ): Promise<z.output<S> | null> {
    const warning = { log: this.options.log, message: 'security report not fetched', context };
    return getOrWarn(this.options.client, path, schema, warning, getOptions);
  }

  /** Logs a report left out because its fields fail the report's check. */
  protected warnDropped(path: string, context: Record<string, unknown>, error?: z.ZodError) {
    this.options.log?.warn(
      { provider: this.name, path, ...context, issues: issuesOf(error) },
      'security report has the wrong shape, dropped',
    );
  }
}
