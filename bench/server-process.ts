import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server in a process of its own, as the benchmarks measure it: the load generator
 * then does not share the server's event loop, so its own work never shows as server latency.
 */

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  child: ChildProcess;
  logFile: string;
  /** From spawn to the first healthy answer. */
  startMs: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The Node flags `npm start` gives the server: those of its start script (`tsx <flags>
 * src/server.ts` in apps/server/package.json), so a benchmark measures the process as it runs
 * (a larger young generation, `--max-semi-space-size`: see docs/design-changes.md, issue 12).
 * Only flags written `--name` or `--name=value` are taken: a value after a space would be lost.
 */
function startNodeFlags(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'apps/server/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(/\s+/).filter((part) => part.startsWith('--'));
}

/**
 * Starts `script` (the server by default) with the Node flags of `npm start` and only the given
 * settings over a production base (no inherited environment, so a developer's `.env` does not
 * change the figures) and waits until `/api/health` answers.
 */
export async function startServer(
  env: Record<string, string>,
  logFile: string,
  script = 'apps/server/src/server.ts',
): Promise<RunningServer> {
  const port = await freePort();
  const out = openSync(logFile, 'a');
  const started = performance.now();
  // The flags of `npm start` (the bare route's ceiling runs under them too), then extra ones
  // for the measured server, e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof
  // --cpu-prof-dir=/tmp/prof' for a profile written when it exits (NODE_OPTIONS refuses them).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(
    process.execPath,
    [...startNodeFlags(), ...nodeArgs, '--import', 'tsx', script],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        ...env,
      },
      stdio: ['ignore', out, out],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited (${child.exitCode}); see ${logFile}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, logFile, startMs: performance.now() - started };
}

export async function stopServer(server: RunningServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}
