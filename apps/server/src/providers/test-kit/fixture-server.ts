import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of a fixture server. */
export interface FixtureReply {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is (truncated JSON), anything else as JSON. */
  body?: unknown;
  /** Wait this long before answering (a slow provider). */
  delayMs?: number;
}

/** A request the fixture server received. */
export interface FixtureRequest {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

/**
 * A local HTTP server on a free port that answers like a provider, for adapter tests without the
 * internet. Answers are scripted per path (`pathname` without the query): a list is answered in
 * order, its last entry from then on; a path without a script answers 404 in GeckoTerminal's
 * error shape.
 */
export class FixtureServer {
  readonly requests: FixtureRequest[] = [];
  private readonly routes = new Map<string, FixtureReply[]>();
  private readonly server: http.Server;
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor() {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fixture.invalid');
      this.requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
      const script = this.scriptOf(url.pathname);
      const reply: FixtureReply = (script && script.length > 1 ? script.shift() : script?.[0]) ?? {
        status: 404,
        body: { errors: [{ status: '404', title: 'Not Found' }] },
      };
      const send = () => {
        const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
        res.writeHead(reply.status ?? 200, {
          'content-type': 'application/json',
          ...reply.headers,
        });
        res.end(body);
      };
      if (reply.delayMs) {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          if (!res.destroyed) send();
        }, reply.delayMs);
        this.timers.add(timer);
      } else {
        send();
      }
    });
  }

  static async start(): Promise<FixtureServer> {
    const fixture = new FixtureServer();
    await new Promise<void>((resolve) => fixture.server.listen(0, '127.0.0.1', resolve));
    return fixture;
  }

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  private scriptOf(path: string): FixtureReply[] | undefined {
    const exact = this.routes.get(path);
    if (exact) return exact;
    for (const [route, script] of this.routes) {
      if (route.endsWith('*') && path.startsWith(route.slice(0, -1))) return script;
    }
    return undefined;
  }

  /** Scripts the answers of `path` (a trailing `*` matches any rest), replacing an earlier script. */
  on(path: string, ...replies: FixtureReply[]): this {
    this.routes.set(path, replies);
    return this;
  }

  /** Requests made to `path` (a trailing `*` matches any rest). */
  requestsTo(path: string): FixtureRequest[] {
    return this.requests.filter((request) =>
      path.endsWith('*') ? request.path.startsWith(path.slice(0, -1)) : request.path === path,
    );
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A clock for fixture tests: real time-outs, but back-off and rate waits recorded and skipped
 * (the skipped time is added to `now`, so the token bucket sees it pass).
 */
export function fastClock() {
  const sleeps: number[] = [];
  let skipped = 0;
  return {
    sleeps,
    clock: {
      now: () => Date.now() + skipped,
      sleep: (ms: number) => {
        sleeps.push(ms);
        skipped += ms;
        return Promise.resolve();
      },
      setTimer: (ms: number, run: () => void) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
    },
  };
}
