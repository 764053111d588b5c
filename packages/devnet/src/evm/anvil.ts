import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, openSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DEVNET_HOST } from '../chains';
import { DevnetError } from '../lib/errors';
import { delay, isPortFree } from '../lib/files';

/**
 * `@foundry-rs/anvil` ships the native binary in a per-platform optional dependency
 * (`@foundry-rs/anvil-linux-amd64`, ...), so installing it runs no script and downloads nothing.
 * Its `bin.mjs` is a Node wrapper around that binary; we spawn the binary itself, to save a Node
 * process per chain and to signal Anvil directly.
 */
const PLATFORM_PACKAGES: Record<string, string | undefined> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/** The path of the Anvil binary installed from npm for this platform. */
export function anvilBinaryPath(): string {
  const binaryName = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const require = createRequire(import.meta.url);
  const wrapperDir = dirname(require.resolve('@foundry-rs/anvil/package.json'));
  const platformPackage = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (platformPackage) {
    try {
      const candidate = createRequire(join(wrapperDir, 'package.json')).resolve(
        `${platformPackage}/bin/${binaryName}`,
      );
      if (existsSync(candidate)) return candidate;
    } catch {
      // Not installed (optional dependencies skipped): try the wrapper's download locations.
    }
  }
  for (const candidate of [
    join(wrapperDir, binaryName),
    join(wrapperDir, '..', 'dist', binaryName),
  ]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new DevnetError(
    `No Anvil binary for ${process.platform}-${process.arch}: install @foundry-rs/anvil with its optional dependencies`,
  );
}

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

/**
 * Runs Anvil under a tiny POSIX shell watchdog that holds our end of a pipe on its stdin: when
 * this process goes away for any reason (even SIGKILL) the pipe closes, `cat` returns and the
 * watchdog sends Anvil SIGTERM, so Anvil writes its state and exits: no orphans, no lost state.
 * The watchdog runs in its own process group, so a terminal's Ctrl-C reaches us, not Anvil, and
 * we decide the order of shutdown.
 */
export const ANVIL_WATCHDOG_SCRIPT = [
  '"$@" </dev/null &',
  'child=$!',
  `trap 'kill -TERM "$child" 2>/dev/null' TERM INT HUP`,
  'cat >/dev/null',
  'kill -TERM "$child" 2>/dev/null',
  'wait "$child"',
].join('\n');

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
  const binary = options.binary ?? anvilBinaryPath();
  const logFd = openSync(options.logFile, 'a');
  let child: ChildProcess;
  try {
    child =
      process.platform === 'win32'
        ? spawn(binary, args, { stdio: ['ignore', logFd, logFd], windowsHide: true })
        : spawn('/bin/sh', ['-c', ANVIL_WATCHDOG_SCRIPT, 'anvil-watchdog', binary, ...args], {
            stdio: ['pipe', logFd, logFd],
            detached: true,
          });
  } finally {
    closeSync(logFd);
  }

  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    child.once('error', () => {
      exited = true;
      resolve();
    });
  });
  // Without the watchdog (Windows), at least end Anvil when this process exits normally.
  const killOnExit = () => child.kill();
  if (process.platform === 'win32') process.once('exit', killOnExit);
  // Our handles must not keep the host process alive; the watchdog ends Anvil when we are gone.
  child.unref();
  (child.stdin as { unref?: () => void } | null)?.unref?.();

  const rpcUrl = `http://${DEVNET_HOST}:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 20_000);
  for (;;) {
    if (exited) {
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
        if (!exited) {
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
