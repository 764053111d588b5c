import { createServer } from 'node:net';
import { spawnWatchedAnvil } from '@vaultscope/devnet/anvil-binary';

/**
 * Throwaway Anvil forks of a chain at one block, for probes that send transactions as anyone
 * (`--auto-impersonate`) without touching the real chain. Anvil fetches the state it needs from
 * the forked node lazily, so pointing a fork at another chain or block is cheap.
 *
 * The forked node's URL may carry an API key: it goes to Anvil as an argument or in the
 * `anvil_reset` call only, never to our logs, and Anvil runs with `--silent` so it does not
 * print it either.
 */
export interface AnvilFork {
  rpcUrl: string;
  /** Done with the fork: a pooled fork goes back to its pool, a single one is stopped. */
  stop(): Promise<void>;
}

export interface ForkTarget {
  forkUrl: string;
  blockNumber: bigint;
}

const HOST = '127.0.0.1';
/** The watchdog shell's name in the process list (tests count the forks by it). */
export const WATCHDOG_NAME = 'anvil-fork-watchdog';
const START_TIMEOUT_MS = 15_000;
const RPC_TIMEOUT_MS = 10_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ host: HOST, port: 0, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No free port'))));
    });
  });
}

async function rpc(rpcUrl: string, method: string, params: unknown[], timeoutMs: number) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as { error?: { message?: string } };
  // The message may quote the forked URL: only the method is named.
  if (!response.ok || body.error) throw new Error(`Anvil ${method} failed`);
}

async function answers(rpcUrl: string): Promise<boolean> {
  try {
    await rpc(rpcUrl, 'eth_blockNumber', [], 1_000);
    return true;
  } catch {
    return false;
  }
}

/** One Anvil process: forked at start (`fork`), or not forked yet (`undefined`). */
async function startAnvil(fork: ForkTarget | undefined): Promise<AnvilFork> {
  const port = await freePort();
  const args = [
    '--host',
    HOST,
    '--port',
    String(port),
    ...(fork
      ? ['--fork-url', fork.forkUrl, '--fork-block-number', fork.blockNumber.toString()]
      : []),
    '--auto-impersonate',
    '--silent',
  ];
  // Through a watchdog shell (as the devnet's nodes): when this process dies however it dies
  // (a test worker killed, SIGKILL), the pipe closes and the shell stops Anvil. A fork never
  // keeps this process alive, nor outlives it (the watchdog; Windows: on exit).
  const { child, exit, exited } = spawnWatchedAnvil(args, {
    watchdogName: WATCHDOG_NAME,
    output: 'ignore',
  });
  const kill = () => child.kill('SIGKILL');
  if (process.platform === 'win32') process.once('exit', kill);
  const stop = async () => {
    process.off('exit', kill);
    if (!exited()) {
      // The watchdog stops Anvil when its stdin closes.
      if (child.stdin) child.stdin.end();
      else child.kill('SIGTERM');
    }
    await exit;
  };

  const rpcUrl = `http://${HOST}:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(rpcUrl))) {
    if (exited() || Date.now() > deadline) {
      await stop();
      throw new Error('The Anvil fork did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { rpcUrl, stop };
}

/** A fork of its own, stopped when done (about 0.3 s to start). */
export function startAnvilFork(options: ForkTarget): Promise<AnvilFork> {
  return startAnvil(options);
}

export interface AnvilForkPoolOptions {
  /** Anvil processes kept at most (one per scan running at once). */
  size: number;
  /** An idle process is stopped after this long without a scan. */
  idleMs: number;
  /** Starts one process (tests may count them). */
  start?: () => Promise<AnvilFork>;
}

interface PooledProcess {
  process: AnvilFork;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Warm Anvil processes, reused scan after scan: starting one costs about 0.3 s, pointing a
 * running one at another block with `anvil_reset` a few tens of milliseconds.
 *
 * Isolation: a lease belongs to one scan at a time, and every lease begins with `anvil_reset`
 * to the scan's chain and block, which throws away all the state, snapshots, impersonations'
 * effects and moved time of the scan before (auto-impersonation is a node setting and stays).
 * A process whose reset fails is stopped rather than reused. The first lease starts the others
 * in the background, so scans that follow (or run beside it) find one warm; when all `size` are
 * leased, a scan waits for one to come back. Idle processes stop after `idleMs`, and `close()`
 * stops every one (leased ones as they come back).
 */
export class AnvilForkPool {
  private readonly idle: PooledProcess[] = [];
  private readonly waiting: ((entry: PooledProcess | undefined) => void)[] = [];
  private readonly leased = new Set<AnvilFork>();
  private starting = 0;
  private closed = false;
  private readonly startProcess: () => Promise<AnvilFork>;

  constructor(private readonly options: AnvilForkPoolOptions) {
    this.startProcess = options.start ?? (() => startAnvil(undefined));
  }

  /** Processes running or starting, leased or idle. */
  get size(): number {
    return this.idle.length + this.leased.size + this.starting;
  }

  /** Starts processes up to the pool's size ahead of the first scan. */
  warm(): void {
    while (!this.closed && this.size < this.options.size) this.startInBackground();
  }

  /** A fork of `target` for one scan; `stop()` gives it back. Matches `startAnvilFork`. */
  acquire = async (target: ForkTarget): Promise<AnvilFork> => {
    for (let attempt = 0; ; attempt += 1) {
      const entry = await this.take();
      try {
        await rpc(
          entry.process.rpcUrl,
          'anvil_reset',
          [{ forking: { jsonRpcUrl: target.forkUrl, blockNumber: Number(target.blockNumber) } }],
          RPC_TIMEOUT_MS,
        );
      } catch (error) {
        this.leased.delete(entry.process);
        await entry.process.stop();
        this.handOnSlot();
        if (attempt >= 1) throw error;
        continue;
      }
      let returned = false;
      return {
        rpcUrl: entry.process.rpcUrl,
        stop: async () => {
          if (returned) return;
          returned = true;
          this.release(entry);
        },
      };
    }
  };

  /**
   * A second fork for a scan that can use one (its stages run side by side), only when one is
   * idle or may be started: never waits, so two scans each holding one cannot wait on each other.
   */
  tryAcquire(target: ForkTarget): Promise<AnvilFork | undefined> {
    if (this.closed || (this.idle.length === 0 && this.size >= this.options.size))
      return Promise.resolve(undefined);
    return this.acquire(target).catch(() => undefined);
  }

  /** Stops every idle process now and each leased one as it comes back. */
  async close(): Promise<void> {
    this.closed = true;
    for (const resolve of this.waiting.splice(0)) resolve(undefined);
    const idle = this.idle.splice(0);
    await Promise.all(
      idle.map((entry) => {
        clearTimeout(entry.idleTimer);
        return entry.process.stop();
      }),
    );
  }

  private async take(): Promise<PooledProcess> {
    if (this.closed) throw new Error('The fork pool is closed');
    const ready = this.idle.pop();
    let entry: PooledProcess | undefined = ready;
    if (entry) clearTimeout(entry.idleTimer);
    else if (this.size < this.options.size) {
      this.starting += 1;
      try {
        entry = { process: await this.startProcess() };
      } finally {
        this.starting -= 1;
      }
    } else {
      entry = await new Promise<PooledProcess | undefined>((resolve) => this.waiting.push(resolve));
      if (!entry) throw new Error('The fork pool is closed');
    }
    this.leased.add(entry.process);
    // The next scan (or one beside this) finds a process already running.
    this.warm();
    return entry;
  }

  private release(entry: PooledProcess): void {
    const next = this.waiting.shift();
    if (next) {
      next(entry); // stays leased, to the next scan
      return;
    }
    this.leased.delete(entry.process);
    if (this.closed) {
      void entry.process.stop();
      return;
    }
    this.park(entry);
  }

  private park(entry: PooledProcess): void {
    entry.idleTimer = setTimeout(() => {
      const index = this.idle.indexOf(entry);
      if (index >= 0) this.idle.splice(index, 1);
      void entry.process.stop();
    }, this.options.idleMs);
    entry.idleTimer.unref();
    this.idle.push(entry);
  }

  /** A process was lost: a scan waiting for one gets a new one. */
  private handOnSlot(): void {
    if (this.waiting.length > 0 && !this.closed) this.startInBackground();
  }

  private startInBackground(): void {
    this.starting += 1;
    this.startProcess()
      .then((process) => {
        this.starting -= 1;
        const entry: PooledProcess = { process };
        if (this.closed) return void process.stop();
        const next = this.waiting.shift();
        if (next) {
          this.leased.add(process);
          next(entry);
        } else this.park(entry);
      })
      .catch(() => {
        // A scan that needs it starts one itself (and reports that failure).
        this.starting -= 1;
      });
  }
}
