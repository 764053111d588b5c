import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainReader } from './chain-reader';

/**
 * Senders of a busy range under a flaky node: what one attempt found is not asked again by the
 * next, so the step moves forward instead of starting over.
 */

interface Call {
  id: number;
  method: string;
  params: string[];
}

const asked: string[] = [];
let failing = new Set<string>();
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const calls = [JSON.parse(body) as Call | Call[]].flat();
      const answers = calls.map(({ id, params: [hash] }) => {
        asked.push(hash!);
        return failing.has(hash!)
          ? { jsonrpc: '2.0', id, error: { code: -32005, message: 'limit exceeded' } }
          : { jsonrpc: '2.0', id, result: { from: `0x${hash!.slice(-40)}` } };
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(Array.isArray(JSON.parse(body)) ? answers : answers[0]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("a range's transaction senders", () => {
  it('are asked once each: a retry after a rate limit asks only for those not read yet', async () => {
    const reader = new ChainReader({ rpcUrl: url, maxRange: 100, timeoutMs: 5_000 });
    const hashes = ['a1', 'b2', 'c3', 'd4'].map((tail) => `0x${tail.padStart(64, '0')}`);
    failing = new Set([hashes[2]!]);
    await expect(reader.senders(hashes)).rejects.toThrow();
    asked.length = 0;
    failing = new Set();
    const senders = await reader.senders(hashes);
    expect(asked).toEqual([hashes[2]]);
    expect(senders.get(hashes[0]!)).toBe(`0x${hashes[0]!.slice(-40)}`);
    expect(senders.size).toBe(4);
  });
});
