import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient, http, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isContractAnswer, isTransientNodeFailure } from './node-errors';

/**
 * How the indexer and the analyzer tell a contract's answer (stored for good: "no decimals()") from a node's
 * trouble (the step is tried again): by the JSON-RPC answers real nodes give, from a stub node
 * that answers every `eth_call` with the error under test.
 */

let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { id } = JSON.parse(body) as { id: number };
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', id, ...(answer.body as object) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function readFailure(status: number, body: unknown): Promise<unknown> {
  answer = { status, body };
  const client = createPublicClient({ transport: http(url, { retryCount: 0 }) });
  try {
    await client.readContract({
      address: '0x00000000000000000000000000000000000000aa',
      abi: parseAbi(['function decimals() view returns (uint8)']),
      functionName: 'decimals',
    });
  } catch (error) {
    return error;
  }
  throw new Error('the read did not fail');
}

const rpcError = (code: number, message: string) => ({ error: { code, message } });

describe('a failed contract read', () => {
  it.each([
    ['a revert', rpcError(3, 'execution reverted')],
    ["geth's invalid opcode of an assert", rpcError(-32000, 'invalid opcode: INVALID')],
    ['out of gas', rpcError(-32000, 'out of gas')],
    ["Nethermind's VM execution error", rpcError(-32015, 'VM execution error.')],
    ['an answer that does not decode', { result: '0x1234' }],
  ])("is the contract's answer: %s", async (_name, body) => {
    expect(isContractAnswer(await readFailure(200, body))).toBe(true);
  });

  it.each([
    ['an internal error', rpcError(-32603, 'Internal error')],
    ['a node without the state', rpcError(-32000, 'missing trie node 1a2b (path ) <nil>')],
    ["the node's own time limit", rpcError(-32000, 'execution aborted (timeout = 5s)')],
    ['a rate limit sent with HTTP 200', rpcError(-32005, 'limit exceeded')],
  ])('is the node failing, to be read again: %s', async (_name, body) => {
    const error = await readFailure(200, body);
    expect(isContractAnswer(error)).toBe(false);
  });

  it('is the node failing when it answers with an HTTP error', async () => {
    const error = await readFailure(503, { error: { code: -32603, message: 'upstream' } });
    expect(isTransientNodeFailure(error)).toBe(true);
    expect(isContractAnswer(error)).toBe(false);
  });
});
