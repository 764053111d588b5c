import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { anvilBinaryPath } from '@vaultscope/devnet';

/**
 * A throwaway Anvil fork of a chain at one block, for probes that send transactions as anyone
 * (`--auto-impersonate`) without touching the real chain. Anvil fetches the state it needs from
 * the forked node lazily, so a fork starts in a few hundred milliseconds whatever the chain.
 *
 * The forked node's URL may carry an API key: it goes to Anvil as an argument only, never to our
 * logs, and Anvil runs with `--silent` so it does not print it either.
 */
export interface AnvilFork {
  rpcUrl: string;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 15_000;

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

async function answers(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

export async function startAnvilFork(options: {
  forkUrl: string;
  blockNumber: bigint;
}): Promise<AnvilFork> {
  const port = await freePort();
  const child = spawn(
    anvilBinaryPath(),
    [
      '--host',
      HOST,
      '--port',
      String(port),
      '--fork-url',
      options.forkUrl,
      '--fork-block-number',
      options.blockNumber.toString(),
      '--auto-impersonate',
      '--silent',
    ],
    { stdio: 'ignore' },
  );
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    child.once('error', () => {
      exited = true;
      resolve();
    });
  });
  // A fork must not outlive this process, whatever ends it.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const stop = async () => {
    process.off('exit', kill);
    if (!exited) child.kill('SIGTERM');
    await exit;
  };

  const rpcUrl = `http://${HOST}:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(rpcUrl))) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error('The Anvil fork did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { rpcUrl, stop };
}
