import type { ChildProcess } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, openSync, readFileSync, renameSync } from 'node:fs';
import { DEVNET_HOST } from '../chains';
import { DevnetError } from '../lib/errors';
import { delay, isPortFree } from '../lib/files';
import { spawnWatchedAnvil, type WatchedAnvil } from './anvil-binary';

export interface AnvilOptions {
  chainId: number;
  port: number;
  /** Anvil's state file: loaded at start when present, written on exit and every interval. */
  stateFile: string;
  /** Where Anvil's stdout and stderr go (appended). */
  logFile: string;
  /** Seconds between periodic state dumps, so a hard kill loses at most this much. */
  stateIntervalSeconds: number;
  /** Block time in seconds; undefined means a block per transaction (automine). */
  blockTimeSeconds?: number;
  binary?: string;
  startTimeoutMs?: number;
  /** Warnings (a corrupt state file set aside, ...). */
  onWarning?: (message: string) => void;
}

export interface AnvilNode {
  chainId: number;
  port: number;
  rpcUrl: string;
  pid: number;
  /** Ends Anvil with SIGTERM, which makes it write its state file, and waits for it to exit. */
  stop(): Promise<void>;
}

const STOP_TIMEOUT_MS = 15_000;

export async function startAnvil(options: AnvilOptions): Promise<AnvilNode> {
  const { chainId, port } = options;
  if (!(await isPortFree(DEVNET_HOST, port))) {
    throw new DevnetError(`Port ${port} is already in use; choose another base port`, { chainId });
  }
  prepareStateFile(options);

  const args = [
    '--host',
    DEVNET_HOST,
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--state',
    options.stateFile,
    '--state-interval',
    String(options.stateIntervalSeconds),
    '--silent',
    ...(options.blockTimeSeconds === undefined
      ? []
      : ['--block-time', String(options.blockTimeSeconds)]),
  ];
  const logFd = openSync(options.logFile, 'a');
  let watched: WatchedAnvil;
  try {
    watched = spawnWatchedAnvil(args, {
      binary: options.binary,
      watchdogName: 'anvil-watchdog',
      output: logFd,
      detached: true,
    });
  } finally {
    closeSync(logFd);
  }
  const { child, exit: exitPromise } = watched;
  // Without the watchdog (Windows), at least end Anvil when this process exits normally.
  const killOnExit = () => child.kill();
  if (process.platform === 'win32') process.once('exit', killOnExit);

  const rpcUrl = `http://${DEVNET_HOST}:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 20_000);
  for (;;) {
    if (watched.exited()) {
      throw new DevnetError(`Anvil exited during start-up: ${logTail(options.logFile)}`, {
        chainId,
      });
    }
    const reported = await readChainId(rpcUrl);
    if (reported !== undefined) {
      if (reported !== chainId) {
        killGroup(child);
        throw new DevnetError(`Port ${port} answers chain id ${reported}, not ${chainId}`, {
          chainId,
        });
      }
      break;
    }
    if (Date.now() > deadline) {
      killGroup(child);
      throw new DevnetError(`Anvil did not answer within the start timeout on ${rpcUrl}`, {
        chainId,
      });
    }
    await delay(25);
  }

  let stopping: Promise<void> | undefined;
  return {
    chainId,
    port,
    rpcUrl,
    pid: child.pid ?? -1,
    stop() {
      stopping ??= (async () => {
        if (process.platform === 'win32') process.off('exit', killOnExit);
        if (!watched.exited()) {
          if (child.stdin) child.stdin.end();
          else child.kill('SIGTERM');
        }
        let timer: NodeJS.Timeout | undefined;
        const timedOut = await Promise.race([
          exitPromise.then(() => false),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS);
          }),
        ]);
        clearTimeout(timer);
        if (timedOut) {
          killGroup(child);
          await exitPromise;
        }
      })();
      return stopping;
    },
  };
}

/**
 * Anvil refuses to start on a state file it cannot parse. A file torn by a crash mid-dump is set
 * aside and the last good copy (kept at each start) is used, so a bad shutdown never bricks a
 * chain; with no good copy the chain starts empty and the caller redeploys its tokens.
 */
function prepareStateFile(options: AnvilOptions): void {
  const { stateFile } = options;
  const backup = `${stateFile}.bak`;
  if (!existsSync(stateFile)) {
    if (isValidJsonFile(backup)) copyFileSync(backup, stateFile);
    return;
  }
  if (isValidJsonFile(stateFile)) {
    copyFileSync(stateFile, backup);
    return;
  }
  const aside = `${stateFile}.corrupt-${Date.now()}`;
  renameSync(stateFile, aside);
  if (isValidJsonFile(backup)) {
    copyFileSync(backup, stateFile);
    options.onWarning?.(
      `State file was unreadable, moved to ${aside}; restored the last good copy`,
    );
  } else {
    options.onWarning?.(`State file was unreadable, moved to ${aside}; starting an empty chain`);
  }
}

function isValidJsonFile(path: string): boolean {
  try {
    JSON.parse(readFileSync(path, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

async function readChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    const body = (await response.json()) as { result?: unknown };
    return typeof body.result === 'string' ? Number.parseInt(body.result, 16) : undefined;
  } catch {
    return undefined;
  }
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    if (process.platform === 'win32') child.kill('SIGKILL');
    else process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function logTail(logFile: string): string {
  try {
    const text = readFileSync(logFile, 'utf8').trim();
    return text.slice(-500) || 'no output';
  } catch {
    return 'no output';
  }
}
