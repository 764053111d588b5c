import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { startTestApp } from '../test/test-app';
import { lazyChildLogger, loggerOptions } from './logger';

/** The lines a pino logger at `level` writes, parsed. */
function capture(level: 'info' | 'warn') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino(loggerOptions({ LOG_LEVEL: level }), stream) as unknown as FastifyBaseLogger;
  return { logger, lines };
}

/**
 * Per-request logging (issue 12): one line an answer at info, none below it, and a request's
 * logger made only when it writes, with its request id and the redaction as before.
 */
describe('request logging', () => {
  it('writes one line an answer at info, with the request and status, secrets redacted', async () => {
    const t = await startTestApp({ LOG_LEVEL: 'info' });
    try {
      const res = await t.request({
        method: 'GET',
        url: '/api/health',
        headers: { authorization: 'Bearer secret-session-token-1234' },
      });
      expect(res.statusCode).toBe(200);
      const lines = t
        .logs()
        .split('\n')
        .filter((line) => line.includes('/api/health'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        msg: 'request completed',
        req: { method: 'GET', url: '/api/health' },
        res: { statusCode: 200 },
      });
      expect(lines[0]!.reqId).toBeDefined();
      expect(typeof lines[0]!.responseTime).toBe('number');
      expect(t.logs()).not.toContain('incoming request');
      expect(t.logs()).not.toContain('secret-session-token-1234');
    } finally {
      await t.close();
    }
  });

  it('writes no line an answer below info', async () => {
    const t = await startTestApp({ LOG_LEVEL: 'warn' });
    try {
      expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(t.logs()).not.toContain('request completed');
    } finally {
      await t.close();
    }
  });

  it("makes a request's logger only when it writes, with its bindings", () => {
    const { logger, lines } = capture('warn');
    const child = lazyChildLogger(logger, { reqId: 'req-7' }, {});
    child.info({ token: 'x' }, 'not written');
    child.debug('not written');
    expect(lines).toHaveLength(0);
    expect(child.level).toBe('warn');
    expect((child as unknown as pino.Logger).isLevelEnabled('info')).toBe(false);
    expect((child as unknown as pino.Logger).isLevelEnabled('warn')).toBe(true);
    child.warn({ token: 'hidden' }, 'written');
    child.child({ part: 'inner' }).error('inner');
    expect(lines).toMatchObject([
      { reqId: 'req-7', msg: 'written', token: '[redacted]' },
      { reqId: 'req-7', part: 'inner', msg: 'inner' },
    ]);
    // A child with its own level is made at once, at that level.
    const chatty = lazyChildLogger(logger, { reqId: 'req-8' }, { level: 'info' });
    chatty.info('at its level');
    expect(lines[2]).toMatchObject({ reqId: 'req-8', msg: 'at its level' });
  });
});
