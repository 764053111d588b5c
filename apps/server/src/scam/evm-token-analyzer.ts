import {
  emptySecurityReport,
  type DexConfigFile,
  type EvidenceItem,
  type ScanEvidence,
  type SecurityReport,
} from '@vaultscope/core';
import {
  formatUnits,
  getAddress,
  parseAbi,
  zeroAddress,
  type Address,
  type PublicClient,
} from 'viem';
import { AnvilForkPool, type AnvilFork } from './anvil-fork';
import { ChainNotScannableError, ChainUnavailableError } from './errors';
import { analyzeTokenCode } from './evm-code-reader';
import {
  findPools,
  MODIFIABLE_FIELDS,
  probeTradingPrivileges,
  SIMULATED_FIELDS,
  simulateTrading,
  type TradingPrivileges,
  type TradingSimulation,
} from './evm-trading-simulation';
import { HOLDER_FIELDS, scanHolders, type IndexedHolders } from './evm-holders';
import { PROBED_FIELDS, probePrivileges, type ProbedField } from './privilege-probe';
import type { TokenAnalyzer, TokenScanResult } from './token-analyzer';

/** How the analyzer reaches an EVM chain: the wallet's chain access fits (`WalletChains`). */
export interface EvmChainReader {
  evm(chainId: number): { client: PublicClient; rpcUrl: string } | undefined;
}

export interface EvmTokenAnalyzerOptions {
  /**
   * Gives the throwaway fork privileges are probed on (its `stop()` gives it back); tests may
   * count or slow it. By default a pool of warm Anvil processes (`forkPool`).
   */
  startFork?: (options: { forkUrl: string; blockNumber: bigint }) => Promise<AnvilFork>;
  /**
   * The default fork pool's size and idle shutdown (config ANALYZER_FORK_*), and whether its
   * processes start now rather than at the first scan (the server in production: its first
   * scan then finds them warm; tests and development start them when a scan asks).
   */
  forkPool?: { size: number; idleMs: number; warm?: boolean };
  /** The V2 DEXes per chain (lib/dexes.ts `resolveDexes`) the token's pools are looked for on. */
  dexes?: DexConfigFile;
  /** The market-data indexer's holders, read instead of a log scan where it has them. */
  indexedHolders?: IndexedHolders;
}

const erc20 = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function owner() view returns (address)',
]);

/**
 * Events only a token's owner or admin can cause, whatever the token: after one, a stored report
 * (owner, pause, privileges, code) may be wrong. Logs of other shapes with these names (a
 * non-indexed argument) match too: only the event's signature hash is compared.
 */
const ownerEvents = parseAbi([
  'event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)',
  'event Paused(address account)',
  'event Unpaused(address account)',
  'event Upgraded(address indexed implementation)',
  'event AdminChanged(address previousAdmin, address newAdmin)',
  'event BeaconUpgraded(address indexed beacon)',
  'event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)',
  'event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)',
]);
/** The log scan for owner-only events looks this many blocks back from the latest at most. */
const OWNER_EVENT_BLOCKS = 5_000n;

/** Fields the probe can only decide with funded test holders. */
const HOLDER_TEST_FIELDS = new Set<ProbedField>([
  'owner_change_balance',
  'is_blacklisted',
  'transfer_pausable',
]);

/**
 * The EVM analyzer: the code read at one block (evm-code-reader), the token's own answers
 * (supply, decimals, owner and the owner's balance) at that block, its holders and LP holders
 * from Transfer logs (evm-holders), and on throwaway Anvil forks of that block: a buy and sell
 * through the token's deepest pool on the chain's DEXes (evm-trading-simulation), privilege
 * probing (privilege-probe), then the privileged calls again against the trades, for
 * switchable taxes and limits. All three run as scripts of simulated calls (fork-script.ts),
 * which leave a fork as it was: the probe's funded holders never move the pool the trades
 * price against. A token with no pool is judged on code and privileges alone.
 *
 * Forks come from a pool of warm Anvil processes (anvil-fork.ts `AnvilForkPool`): each scan
 * leases one, which `anvil_reset` points at the scan's block, and gives it back; a fresh
 * process per scan cost about 0.3 s of a 0.55 s scan. With a second fork to spare, the probe
 * runs on it beside the trades, and the privileged trades are shared out between both. The
 * chain's own reads (code, answers, pools, holders) run while the forks are readied; `phases`
 * in the result says when each ended (the 'token scanned' log).
 */
export class EvmTokenAnalyzer implements TokenAnalyzer {
  readonly family = 'evm' as const;
  private readonly startFork: NonNullable<EvmTokenAnalyzerOptions['startFork']>;
  private readonly dexes: DexConfigFile;
  private readonly pool: AnvilForkPool | undefined;
  private readonly indexedHolders: IndexedHolders | undefined;

  constructor(
    private readonly chains: EvmChainReader,
    options: EvmTokenAnalyzerOptions = {},
  ) {
    if (!options.startFork) {
      this.pool = new AnvilForkPool(options.forkPool ?? { size: 2, idleMs: 5 * 60_000 });
      if (options.forkPool?.warm) this.pool.warm();
    }
    this.startFork = options.startFork ?? this.pool!.acquire;
    this.dexes = options.dexes ?? {};
    this.indexedHolders = options.indexedHolders;
  }

  async ownerEventSince(
    chainId: number,
    address: string,
    blockNumber: bigint,
  ): Promise<{ event: string; blockNumber: bigint } | undefined> {
    const access = this.chains.evm(chainId);
    if (!access) return undefined;
    const { client } = access;
    const latest = await client.getBlockNumber();
    if (latest <= blockNumber) return undefined;
    // Bounded: a report older than the window is refreshed by its TTL anyway.
    const oldest = latest - OWNER_EVENT_BLOCKS + 1n;
    const logs = await client.getLogs({
      address: getAddress(address),
      events: ownerEvents,
      fromBlock: blockNumber + 1n > oldest ? blockNumber + 1n : oldest,
      toBlock: latest,
      strict: false,
    });
    const [first] = logs;
    return first?.eventName && first.blockNumber !== null
      ? { event: first.eventName, blockNumber: first.blockNumber }
      : undefined;
  }

  /** Stops the pool's Anvil processes (with the app). */
  async close(): Promise<void> {
    await this.pool?.close();
  }

  async analyze(chainId: number, address: string): Promise<TokenScanResult> {
    const access = this.chains.evm(chainId);
    if (!access) throw new ChainNotScannableError();
    const token = getAddress(address);
    const { client } = access;
    const block = await chainRead(() => client.getBlock({ blockTag: 'latest' }));
    if (block.number === null) throw new ChainUnavailableError(new Error('no latest block'));
    const blockNumber = block.number;

    const started = performance.now();
    const phases: Record<string, number> = {};
    // When each phase ended, in ms since the scan began (phases overlap).
    const timed = <T>(phase: string, work: Promise<T>): Promise<T> =>
      work.finally(() => {
        phases[phase] = Math.round(performance.now() - started);
      });

    // The fork is leased while the chain itself is read: nothing read here needs it.
    const forkLease = timed(
      'fork',
      this.startFork({ forkUrl: access.rpcUrl, blockNumber }).catch((error: unknown) => {
        throw new ChainUnavailableError(error);
      }),
    );
    // Awaited below, or given back when the scan ends before.
    forkLease.catch(() => undefined);
    // A second warm fork, when the pool has one to spare, runs the privilege probe beside the
    // trades (both start from the same block; only the privileged trades need the probe's callers).
    const spareLease = this.pool
      ? timed('spare-fork', this.pool.tryAcquire({ forkUrl: access.rpcUrl, blockNumber }))
      : Promise.resolve(undefined);
    const giveBackFork = () =>
      Promise.all([
        forkLease.then((fork) => fork.stop()).catch(() => undefined),
        spareLease.then((fork) => fork?.stop()),
      ]);

    const read = <T>(functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply' | 'owner') =>
      client
        .readContract({ address: token, abi: erc20, functionName, blockNumber })
        .then((value) => value as T)
        .catch(() => undefined);
    let code: Awaited<ReturnType<typeof analyzeTokenCode>>;
    let name: string | undefined;
    let symbol: string | undefined;
    let decimals: number | undefined;
    let totalSupply: bigint | undefined;
    let owner: Address | undefined;
    let ownerBalance: bigint | undefined;
    try {
      [code, [name, symbol, decimals, totalSupply, owner, ownerBalance]] = await Promise.all([
        timed('bytecode', analyzeTokenCode(client, token, { blockNumber })),
        timed(
          'reads',
          Promise.all([
            read<string>('name'),
            read<string>('symbol'),
            read<number>('decimals'),
            read<bigint>('totalSupply'),
            read<Address>('owner').then(
              async (found) =>
                [
                  found,
                  found && found !== zeroAddress
                    ? await client
                        .readContract({
                          address: token,
                          abi: erc20,
                          functionName: 'balanceOf',
                          args: [found],
                          blockNumber,
                        })
                        .catch(() => undefined)
                    : undefined,
                ] as const,
            ),
          ]).then(([n, sy, d, ts, [o, ob]]) => [n, sy, d, ts, o, ob] as const),
        ),
      ]);
    } catch (error) {
      await giveBackFork();
      throw error;
    }

    // Pools and holders are read from the chain itself while the fork is readied.
    const dexes = this.dexes[chainId] ?? [];
    const poolsRead = timed('pools', findPools(client, token, dexes, blockNumber));
    const holdersRead = timed(
      'holders',
      poolsRead.then((found) =>
        scanHolders(client, {
          token,
          blockNumber,
          totalSupply,
          decimals: typeof decimals === 'number' ? decimals : null,
          pair: found.deepest?.pair,
          dexName: found.deepest?.dex.name,
          chainId,
          indexed: this.indexedHolders,
        }),
      ),
    );
    // Awaited below in any case; until then a failure must not count as unhandled.
    holdersRead.catch(() => undefined);
    const fork = await forkLease;
    const spare = await spareLease;
    const pools = await poolsRead.catch(async (error: unknown) => {
      await giveBackFork();
      throw new ChainUnavailableError(error);
    });
    let probe;
    let trading: TradingSimulation | undefined;
    let tradingPrivileges: TradingPrivileges | undefined;
    try {
      // Both run as scripts (fork-script.ts) that leave the forks as they were, so they can
      // share a fork; a second one spreads the work over two Anvil processes.
      // A fork reset to the scan's block has that block as its head.
      const head = { number: blockNumber, timestamp: block.timestamp };
      const pool = code.functions ? pools.deepest : undefined;
      const probeFork = spare ?? fork;
      // Both settle before either's failure is thrown: the forks are given back below, and a
      // script still running would go on calling a fork another scan has leased.
      const [tradingRun, probeRun] = await Promise.allSettled([
        pool ? timed('trading', simulateTrading(fork.rpcUrl, head, token, pool)) : undefined,
        timed(
          'probe',
          probePrivileges(probeFork.rpcUrl, code, { head, pair: pools.deepest?.pair }),
        ),
      ]);
      if (tradingRun.status === 'rejected') throw tradingRun.reason;
      if (probeRun.status === 'rejected') throw probeRun.reason;
      [trading, probe] = [tradingRun.value, probeRun.value];
      if (pool && trading && code.functions) {
        tradingPrivileges = await timed(
          'trading-privileges',
          probeTradingPrivileges(
            [...new Set([fork.rpcUrl, probeFork.rpcUrl])],
            head,
            token,
            pool,
            probe.callers,
            code.functions,
            trading.baseline,
          ),
        );
      }
    } finally {
      await giveBackFork();
    }

    const holders = await holdersRead;

    const report: SecurityReport = {
      ...emptySecurityReport(),
      ...code.fields,
      ...probe.fields,
      ...trading?.fields,
      ...tradingPrivileges?.fields,
      ...holders.fields,
    };
    const evidence: ScanEvidence = {};
    const add = (field: keyof SecurityReport, ...items: EvidenceItem[]) => {
      if (items.length > 0) evidence[field] = [...(evidence[field] ?? []), ...items];
    };
    for (const [field, items] of Object.entries(code.evidence)) {
      add(field as keyof SecurityReport, ...items);
    }

    const callers = probe.callers
      .map(({ address: caller, roles }) => `${caller} (${roles.join(', ')})`)
      .join('; ');
    for (const field of PROBED_FIELDS) {
      add(field, ...probe.evidence[field]);
      const value = probe.fields[field];
      if (value === 0) {
        add(field, {
          kind: 'checked',
          address: token,
          detail:
            probe.callers.length === 0
              ? 'no privileged caller found (no owner, no address the code checks the caller against)'
              : `${probe.calls} calls by ${callers} on a fork of block ${blockNumber} did not do it`,
        });
      } else if (value === null) {
        add(field, {
          kind: 'not-measured',
          reason: !code.functions
            ? 'no-code'
            : probe.nodeFailures > 0
              ? 'node-failed'
              : HOLDER_TEST_FIELDS.has(field)
                ? 'no-holder-test'
                : 'budget',
        });
      }
    }

    const decimalsKnown = typeof decimals === 'number' ? decimals : null;
    if (totalSupply !== undefined && decimalsKnown !== null) {
      report.total_supply = formatUnits(totalSupply, decimalsKnown);
      add('total_supply', {
        kind: 'read',
        address: token,
        call: 'totalSupply()',
        value: totalSupply.toString(),
      });
    } else {
      add('total_supply', { kind: 'not-measured', reason: 'not-answered' });
    }
    if (owner !== undefined) {
      const ownerRead: EvidenceItem = {
        kind: 'read',
        address: token,
        call: 'owner()',
        value: owner,
      };
      if (owner === zeroAddress) {
        report.owner_balance = '0';
        report.owner_percent = 0;
        add('owner_percent', ownerRead);
      } else if (ownerBalance !== undefined && decimalsKnown !== null) {
        report.owner_balance = formatUnits(ownerBalance, decimalsKnown);
        report.owner_percent =
          totalSupply && totalSupply > 0n
            ? Math.min(1, Number((ownerBalance * 1_000_000n) / totalSupply) / 1_000_000)
            : null;
        add('owner_percent', ownerRead, {
          kind: 'read',
          address: token,
          call: `balanceOf(${owner})`,
          value: ownerBalance.toString(),
        });
      }
    } else {
      add('owner_percent', {
        kind: 'not-measured',
        reason: 'not-answered',
        detail: 'owner()',
      });
    }

    if (trading) {
      for (const field of SIMULATED_FIELDS) add(field, ...(trading.evidence[field] ?? []));
    } else {
      const noPool: EvidenceItem = {
        kind: 'not-measured',
        reason: 'no-pool',
        detail:
          pools.dexNames.length === 0
            ? 'no DEX is configured for this chain'
            : pools.pools.length > 0
              ? `no pool on ${pools.dexNames.join(', ')} that the wrapped native coin can buy through`
              : `no pool on ${pools.dexNames.join(', ')}`,
      };
      for (const field of SIMULATED_FIELDS) add(field, noPool);
      if (pools.dexNames.length > 0) {
        // Whether a pair exists on a DEX asked is what is_in_dex says, traded or not.
        report.is_in_dex = pools.pools.length > 0 ? 1 : 0;
      }
    }
    for (const field of MODIFIABLE_FIELDS) {
      if (tradingPrivileges) add(field, ...tradingPrivileges.evidence[field]);
      else add(field, { kind: 'not-measured', reason: trading ? 'simulation-failed' : 'no-pool' });
    }

    for (const field of HOLDER_FIELDS) add(field, ...holders.evidence[field]);
    add('is_open_source', { kind: 'not-measured', reason: 'no-source-verifier' });
    // No verifier and no index of a creator's earlier tokens here, for any token: the score
    // rubric reads these two gaps as the engine's, not the token's (a ceiling, not a deduction).
    report.unmeasurable_fields = ['is_open_source', 'honeypot_with_same_creator'];

    return {
      chainId,
      address: token,
      name: cleanText(name),
      symbol: cleanText(symbol),
      decimals: decimalsKnown,
      blockNumber,
      blockHash: block.hash,
      report,
      evidence,
      phases,
    };
  }
}

async function chainRead<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new ChainUnavailableError(error);
  }
}

/** A token's own name or symbol, as display text: control characters out, bounded, or null. */
function cleanText(value: string | undefined): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 64);
  return text === '' ? null : text;
}
