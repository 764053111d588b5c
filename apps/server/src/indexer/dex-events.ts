import { decodeEventLog, type Hex, parseAbi, toEventSelector } from 'viem';

/**
 * The logs the indexer reads: a V2 factory's `PairCreated`, a pair's `Sync`, `Swap`, `Mint` and
 * `Burn`, and an ERC-20 `Transfer`. Decoded here, one log at a time, so that a malformed log
 * (wrong topics, short data) is one skipped log and not a failed batch.
 */
export const dexEventsAbi = parseAbi([
  'event PairCreated(address indexed token0, address indexed token1, address pair, uint256)',
  'event Sync(uint112 reserve0, uint112 reserve1)',
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Mint(address indexed sender, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

export const erc20ReadAbi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
]);

export const pairReadAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
]);

export const TOPICS = {
  pairCreated: toEventSelector(
    'PairCreated(address indexed token0, address indexed token1, address pair, uint256)',
  ),
  sync: toEventSelector('Sync(uint112 reserve0, uint112 reserve1)'),
  swap: toEventSelector(
    'Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  ),
  mint: toEventSelector('Mint(address indexed sender, uint256 amount0, uint256 amount1)'),
  burn: toEventSelector(
    'Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)',
  ),
  transfer: toEventSelector('Transfer(address indexed from, address indexed to, uint256 value)'),
} as const;

/** A log as `eth_getLogs` answers it (hex quantities). */
export interface RawLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex | null;
  blockHash: Hex | null;
  transactionHash: Hex | null;
  logIndex: Hex | null;
  removed?: boolean;
}

interface LogPlace {
  /** Lower-case address of the emitting contract. */
  address: string;
  blockNumber: number;
  blockHash: string;
  txHash: string;
  logIndex: number;
}

export type DexEvent = LogPlace &
  (
    | { kind: 'pairCreated'; token0: string; token1: string; pair: string; pairIndex: number }
    | { kind: 'sync'; reserve0: bigint; reserve1: bigint }
    | {
        kind: 'swap';
        amount0In: bigint;
        amount1In: bigint;
        amount0Out: bigint;
        amount1Out: bigint;
        to: string;
      }
    | { kind: 'mint' | 'burn'; amount0: bigint; amount1: bigint }
    | { kind: 'transfer'; from: string; to: string; value: bigint }
  );

/**
 * One raw log as a {@link DexEvent}, or the reason it cannot be one (the caller logs it with the
 * chain and block, and skips it). A log without a block (pending) or marked removed is refused.
 */
export function decodeDexLog(log: RawLog): { event: DexEvent } | { problem: string } {
  if (log.removed) return { problem: 'removed log' };
  if (!log.blockNumber || !log.blockHash || !log.transactionHash || log.logIndex === null)
    return { problem: 'log without block, transaction or index' };
  const place: LogPlace = {
    address: log.address.toLowerCase(),
    blockNumber: Number(BigInt(log.blockNumber)),
    blockHash: log.blockHash.toLowerCase(),
    txHash: log.transactionHash.toLowerCase(),
    logIndex: Number(BigInt(log.logIndex)),
  };
  let decoded;
  try {
    decoded = decodeEventLog({ abi: dexEventsAbi, topics: log.topics as [Hex], data: log.data });
  } catch (error) {
    return { problem: `malformed log: ${(error as Error).name}` };
  }
  const { args } = decoded;
  switch (decoded.eventName) {
    case 'PairCreated': {
      // The last input has no name, so viem gives the arguments as a list.
      const [token0, token1, pair, index] = args as unknown as readonly [Hex, Hex, Hex, bigint];
      return {
        event: {
          ...place,
          kind: 'pairCreated',
          token0: token0.toLowerCase(),
          token1: token1.toLowerCase(),
          pair: pair.toLowerCase(),
          pairIndex: index < 2n ** 31n ? Number(index) : -1,
        },
      };
    }
    case 'Sync':
      return {
        event: { ...place, kind: 'sync', ...(args as { reserve0: bigint; reserve1: bigint }) },
      };
    case 'Swap': {
      const a = args as {
        amount0In: bigint;
        amount1In: bigint;
        amount0Out: bigint;
        amount1Out: bigint;
        to: Hex;
      };
      return { event: { ...place, kind: 'swap', ...a, to: a.to.toLowerCase() } };
    }
    case 'Mint':
    case 'Burn': {
      const a = args as { amount0: bigint; amount1: bigint };
      return {
        event: {
          ...place,
          kind: decoded.eventName === 'Mint' ? 'mint' : 'burn',
          amount0: a.amount0,
          amount1: a.amount1,
        },
      };
    }
    case 'Transfer': {
      const a = args as { from: Hex; to: Hex; value: bigint };
      return {
        event: {
          ...place,
          kind: 'transfer',
          from: a.from.toLowerCase(),
          to: a.to.toLowerCase(),
          value: a.value,
        },
      };
    }
  }
}

/** Events in chain order. */
export const byChainOrder = (a: DexEvent, b: DexEvent) =>
  a.blockNumber - b.blockNumber || a.logIndex - b.logIndex;
