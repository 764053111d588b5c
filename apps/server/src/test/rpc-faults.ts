import http from 'node:http';
import net from 'node:net';

/**
 * Chain nodes that misbehave, for the tests of the chain edge: real sockets, so the wallet's
 * real viem and @solana/kit clients meet them exactly as they would a broken provider.
 */

/** A loopback port nothing listens on (just freed by the OS): every connection is refused. */
export async function freeClosedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An RPC URL with a provider key in its path, as paid providers hand them out. */
export const secretRpcUrl = (port: number) => `http://127.0.0.1:${port}/v3/SECRETKEY123`;

export interface SilentNode {
  port: number;
  /** Connections accepted so far (each one holds a request that is never answered). */
  connections(): number;
  close(): Promise<void>;
}

/** A TCP server that accepts every connection and never answers: a hung node. */
export async function startSilentNode(): Promise<SilentNode> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface RpcProxy {
  port: number;
  /** JSON-RPC methods forwarded whose answers were swallowed, in order. */
  swallowed: string[];
  close(): Promise<void>;
}

/**
 * A JSON-RPC proxy in front of a real local node that forwards every call, but never answers
 * the calls whose method `swallow` picks: the node acts on them (a broadcast lands), the caller
 * waits for an answer that never comes, as behind a provider that hangs mid-request.
 */
export async function startRpcProxy(
  target: string,
  swallow: (method: string) => boolean,
): Promise<RpcProxy> {
  const swallowed: string[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      void (async () => {
        const forwarded = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const answer = await forwarded.text();
        const calls = [JSON.parse(body) as unknown].flat() as { method?: string }[];
        const hung = calls.map((call) => call.method ?? '').filter(swallow);
        if (hung.length > 0) {
          swallowed.push(...hung);
          open.add(response);
          return;
        }
        response.writeHead(forwarded.status, { 'content-type': 'application/json' });
        response.end(answer);
      })().catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    swallowed,
    close: async () => {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
