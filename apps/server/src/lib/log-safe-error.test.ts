import { Writable } from 'node:stream';
import pino from 'pino';
import { createPublicClient, http } from 'viem';
import { describe, expect, it } from 'vitest';
import { freeClosedPort, secretRpcUrl } from '../test/rpc-faults';
import { logSafeError } from './log-safe-error';
import { loggerOptions } from './logger';

/** What the app's logger writes for `{ err }`, as the error handler logs a 500. */
function logged(err: unknown): string {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  pino(loggerOptions({ LOG_LEVEL: 'info' }), stream).error({ err }, 'request failed');
  return lines.join('');
}

describe('logSafeError', () => {
  it('keeps an RPC URL and its key, the request body and the raw answer out of the log', async () => {
    const url = secretRpcUrl(await freeClosedPort());
    const client = createPublicClient({ transport: http(url, { retryCount: 0 }) });
    const error = await client.getBlockNumber().catch((caught: unknown) => caught);
    // As thrown, viem's error names the URL in its message, stack and fields.
    expect(
      JSON.stringify({ message: (error as Error).message, stack: (error as Error).stack }),
    ).toContain('SECRETKEY123');
    // The app's logger cleans any error it is handed, logged by a route or a background job.
    expect(logged(error)).not.toContain('SECRETKEY');

    const line = logged(logSafeError(error));
    expect(line).not.toContain('SECRETKEY');
    expect(line).not.toContain(url);
    expect(line).not.toContain('eth_blockNumber');
    const { err } = JSON.parse(line) as { err: Record<string, unknown> };
    // pino appends the causes' messages: fetch's, which names no URL.
    expect(err.type).toBe('HttpRequestError');
    expect(err.message).toMatch(/^HTTP request failed\.: fetch failed/);
    expect(err.stack).toMatch(/^HttpRequestError: HTTP request failed\.\n\s+at /);
    // The error itself is untouched: it may still be answered or rethrown.
    expect((error as Error).message).toContain(url);
  });

  it('cuts URLs from any error and its causes', () => {
    const error = new Error('request to https://rpc.example/v2/SECRETKEY123 failed', {
      cause: new Error('wss://rpc.example/ws?key=SECRETKEY456 closed'),
    });
    const line = logged(logSafeError(error));
    expect(line).not.toContain('SECRETKEY');
    expect(line).toContain('request to <url> failed');
    expect(line).toContain('<url> closed');
  });
});
