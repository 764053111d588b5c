import { describe, expect, it } from 'vitest';
import { isLoopback, loadConfig, scansIndexedWhileIdle } from './config';

describe('dev tools and HOST', () => {
  it.each(['0.0.0.0', '::', '192.168.1.20', 'vaultscope.example'])(
    'refuses to start with dev tools on HOST=%s',
    (HOST) => {
      expect(() => loadConfig({ HOST })).toThrowError(/HOST: .*DEV_TOOLS_ALLOW_REMOTE=true/);
      expect(() => loadConfig({ HOST, NODE_ENV: 'production', DEV_TOOLS: 'true' })).toThrowError(
        /DEV_TOOLS_ALLOW_REMOTE/,
      );
    },
  );

  it('starts on a reachable HOST when dev tools are off, or forced on', () => {
    expect(loadConfig({ HOST: '0.0.0.0', DEV_TOOLS: 'false' }).DEV_TOOLS).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'production' }).DEV_TOOLS).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_TOOLS_ALLOW_REMOTE: 'true' }).DEV_TOOLS).toBe(true);
  });

  it('refuses to start with dev tools behind a trusted proxy, where every visitor may look like loopback', () => {
    // A proxy on this machine connects from 127.0.0.1; nginx adds no X-Forwarded-For by default.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrowError(
      /TRUST_PROXY: .*DEV_TOOLS_ALLOW_REMOTE=true/,
    );
    expect(loadConfig({ TRUST_PROXY: 'true', DEV_TOOLS: 'false' }).DEV_TOOLS).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true', NODE_ENV: 'production' }).DEV_TOOLS).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true', DEV_TOOLS_ALLOW_REMOTE: 'true' }).DEV_TOOLS).toBe(
      true,
    );
  });

  it.each([
    '127.0.0.1',
    '127.8.9.10',
    'localhost',
    'LOCALHOST',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
  ])('starts with dev tools on the loopback HOST=%s', (HOST) => {
    expect(isLoopback(HOST)).toBe(true);
    expect(loadConfig({ HOST }).DEV_TOOLS).toBe(true);
  });

  it.each(['0.0.0.0', '::', '10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', 'localhost.evil', ''])(
    '%j is not loopback',
    (host) => expect(isLoopback(host)).toBe(false),
  );
});

describe('ANALYZER_SCAN_INDEXED', () => {
  it('scans indexed tokens while idle on the local chains only, unless told otherwise', () => {
    const remote = { RPC_URL_1: 'https://eth.node.example' };
    const local = loadConfig(remote);
    expect(scansIndexedWhileIdle(local, 1)).toBe(false);
    expect(scansIndexedWhileIdle(local, 56)).toBe(true);
    const everywhere = loadConfig({ ...remote, ANALYZER_SCAN_INDEXED: 'true' });
    expect(scansIndexedWhileIdle(everywhere, 1)).toBe(true);
    const nowhere = loadConfig({ ANALYZER_SCAN_INDEXED: 'false' });
    expect(scansIndexedWhileIdle(nowhere, 56)).toBe(false);
    expect(() => loadConfig({ ANALYZER_SCAN_INDEXED: 'sometimes' })).toThrowError(
      /ANALYZER_SCAN_INDEXED/,
    );
  });
});
