import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DevnetError } from '../lib/errors';

// Where the Anvil binary is and how to run it so it dies with us: the devnet's nodes use these,
// and so does the server's scam analyzer for its fork simulations, which imports this file alone
// (`@vaultscope/devnet/anvil-binary`) so that production loads no local chains.

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

/** An Anvil process started by {@link spawnWatchedAnvil}. */
export interface WatchedAnvil {
  child: ChildProcess;
  /** Settles when the process exits or fails to start. */
  exit: Promise<void>;
  exited(): boolean;
}

/**
 * Starts the Anvil binary with `args` under the watchdog ({@link ANVIL_WATCHDOG_SCRIPT}) on POSIX,
 * directly on Windows, with its stdout and stderr to `output` ('ignore' or a file descriptor).
 * The process and its stdin are unreferenced: Anvil never keeps this process alive, and the
 * watchdog ends it when this process is gone. Ending stdin asks the watchdog to stop Anvil.
 */
export function spawnWatchedAnvil(
  args: readonly string[],
  options: { binary?: string; watchdogName: string; output: 'ignore' | number; detached?: boolean },
): WatchedAnvil {
  const binary = options.binary ?? anvilBinaryPath();
  const { output } = options;
  const child =
    process.platform === 'win32'
      ? spawn(binary, args, { stdio: ['ignore', output, output], windowsHide: true })
      : spawn('/bin/sh', ['-c', ANVIL_WATCHDOG_SCRIPT, options.watchdogName, binary, ...args], {
          stdio: ['pipe', output, output],
          detached: options.detached ?? false,
        });
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    const done = () => {
      exited = true;
      resolve();
    };
    child.once('exit', done);
    child.once('error', done);
  });
  child.unref();
  (child.stdin as { unref?: () => void } | null)?.unref?.();
  return { child, exit, exited: () => exited };
}
