import type { Address, Hex, PublicClient } from 'viem';

/**
 * A script of calls run on the scan's fork without mining anything: viem's `simulateBlocks`
 * (`eth_simulateV1`, which Anvil answers) executes blocks of calls in order, each call seeing
 * what the earlier ones left and a reverted call leaving nothing, and answers each call's
 * outcome and return data. On Anvil a sent transaction costs a mined block (3-7 ms); a whole
 * script of twenty calls costs about as much as one, and leaves the fork as it was, so the
 * trading simulation and the privilege probe need no snapshots and can run side by side.
 *
 * Nothing persists between runs: each run starts again from the fork's head. A step whose
 * amount depends on an earlier result (sell half of what the buy delivered) is added once that
 * result is known, and the script is run again; the same block and the same calls give the
 * same results, so the earlier steps replay exactly.
 */

export interface ScriptCall {
  from: Address;
  to: Address;
  data: Hex;
  value?: bigint;
}

/** A call's place in the script, to read its outcome from a run. */
export interface CallHandle {
  block: number;
  index: number;
}

export interface CallOutcome {
  ok: boolean;
  data: Hex;
}

/**
 * Whether an ERC-20 `transfer` went through: it did not revert, and it returned true or nothing
 * (tokens such as USDT return no value). A token that answers `false` instead of reverting has
 * refused the transfer as surely as one that reverts.
 */
export function transferSucceeded({ ok, data }: CallOutcome): boolean {
  if (!ok) return false;
  if (data === '0x') return true;
  return data.length >= 66 && BigInt(data.slice(0, 66)) !== 0n;
}

/** The fork's head that every run builds on: its number and time. */
export interface ForkHead {
  number: bigint;
  timestamp: bigint;
}

interface ScriptBlock {
  /** Seconds after the previous block (1 for the next block, more for a wait). */
  after: bigint;
  calls: ScriptCall[];
}

/** Each account the script sends from gets this much native coin, for values and gas. */
const CALLER_BALANCE = 10n ** 24n;

export class ForkScript {
  private readonly blocks: ScriptBlock[] = [{ after: 1n, calls: [] }];
  private readonly senders = new Set<Address>();

  constructor(
    private readonly client: PublicClient,
    private readonly head: ForkHead,
  ) {}

  /** Appends a call to the current block. */
  call(call: ScriptCall): CallHandle {
    this.senders.add(call.from);
    const block = this.blocks.length - 1;
    const calls = this.blocks[block]!.calls;
    calls.push(call);
    return { block, index: calls.length - 1 };
  }

  /** The next calls go in a block `seconds` later (a cooldown's wait, or just the next block). */
  wait(seconds: bigint): void {
    const last = this.blocks[this.blocks.length - 1]!;
    if (last.calls.length === 0) last.after += seconds;
    else this.blocks.push({ after: seconds, calls: [] });
  }

  /** A copy to go on from without changing this one (each privileged call's own round). */
  fork(): ForkScript {
    const copy = new ForkScript(this.client, this.head);
    copy.blocks.length = 0;
    for (const block of this.blocks)
      copy.blocks.push({ after: block.after, calls: [...block.calls] });
    for (const sender of this.senders) copy.senders.add(sender);
    return copy;
  }

  async run(): Promise<ScriptRun> {
    let time = this.head.timestamp;
    const stateOverrides = [...this.senders].map((address) => ({
      address,
      balance: CALLER_BALANCE,
    }));
    const blocks = this.blocks
      .filter((block, index) => block.calls.length > 0 || index === 0)
      .map((block, index) => {
        time += block.after;
        return {
          blockOverrides: { time },
          calls: block.calls.map(({ from, to, data, value }) => ({
            account: from,
            to,
            data,
            ...(value ? { value } : {}),
          })),
          ...(index === 0 ? { stateOverrides } : {}),
        };
      });
    const answered = await this.client.simulateBlocks({
      blocks,
      validation: false,
      blockNumber: this.head.number,
    });
    // Empty blocks past the first were left out above: map handles onto the blocks sent.
    const sentIndex: number[] = [];
    let sent = -1;
    this.blocks.forEach((block, index) => {
      if (block.calls.length > 0 || index === 0) sent += 1;
      sentIndex.push(sent);
    });
    return new ScriptRun(
      answered.map((block) =>
        block.calls.map((call) => ({ ok: call.status === 'success', data: call.data })),
      ),
      sentIndex,
    );
  }
}

export class ScriptRun {
  constructor(
    private readonly outcomes: CallOutcome[][],
    private readonly sentIndex: number[],
  ) {}

  of(handle: CallHandle): CallOutcome {
    const outcome = this.outcomes[this.sentIndex[handle.block]!]?.[handle.index];
    if (!outcome) throw new Error('The node answered fewer calls than the script sent');
    return outcome;
  }
}

/** The fork's head, read once per fork and scan. */
export async function forkHead(client: PublicClient): Promise<ForkHead> {
  const block = await client.getBlock({ blockTag: 'latest' });
  if (block.number === null) throw new Error('The fork has no latest block');
  return { number: block.number, timestamp: block.timestamp };
}

/**
 * Runs `run` over `items` with `workers` at a time (scripts side by side on a fork). Once one
 * fails, no worker takes another item, so nothing goes on reaching a fork the scan has given
 * back; the first failure is thrown when every worker has stopped.
 */
export async function runSideBySide<T>(
  items: readonly T[],
  workers: readonly (() => (item: T) => Promise<void>)[],
): Promise<void> {
  const queue = [...items];
  let failure: { error: unknown } | undefined;
  await Promise.all(
    workers.map(async (worker) => {
      const run = worker();
      while (!failure) {
        const item = queue.shift();
        if (item === undefined) return;
        try {
          await run(item);
        } catch (error) {
          failure ??= { error };
        }
      }
    }),
  );
  if (failure) throw failure.error;
}
