import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MAINNET_DEXES } from '@vaultscope/core';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultscope-dex-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeFile(name: string, content: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const sushi = {
  name: 'SushiSwap',
  factory: '0xc0aee478e3658e2610c5f7a4a2e1777ce9e4f2ac',
  router: '0xd9e1ce17f2641f24ae83637ab66a2cca9c378b9f',
  wrappedNative: MAINNET_DEXES[1][0].wrappedNative,
  quoteTokens: [MAINNET_DEXES[1][0].wrappedNative],
  feeBps: 30,
  startBlock: 10_794_229,
};

describe('DEX_CONFIG_FILE', () => {
  it('defaults to the real mainnets’ main V2 DEXes', () => {
    expect(loadConfig({}).DEXES).toEqual(MAINNET_DEXES);
  });

  it('lays a file over the defaults chain by chain, addresses checksummed', () => {
    const file = writeFile('good.json', { '1': [sushi], '8453': [sushi] });
    const dexes = loadConfig({ DEX_CONFIG_FILE: file }).DEXES;
    expect(dexes[1]).toEqual([
      {
        ...sushi,
        factory: '0xC0AEe478e3658e2610c5F7A4A2E1777cE9e4f2Ac',
        router: '0xd9e1cE17f2641f24aE83637ab66a2cca9C378B9F',
      },
    ]);
    expect(dexes[8453]).toHaveLength(1);
    expect(dexes[56]).toEqual(MAINNET_DEXES[56]);
  });

  it('refuses a bad file, naming every bad entry', () => {
    const file = writeFile('bad.json', {
      '1': [
        { ...sushi, factory: '0xnothex' },
        { ...sushi, factory: sushi.router, feeBps: -1 },
      ],
      '56': [{ ...sushi, initCodeHash: 'abc' }],
    });
    let error: unknown;
    try {
      loadConfig({ DEX_CONFIG_FILE: file });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('DEX_CONFIG_FILE 1[0].factory: not an EVM address');
    expect(message).toContain('DEX_CONFIG_FILE 1[1].feeBps: must be between 0 and 1000');
    expect(message).toContain('DEX_CONFIG_FILE 56[0].initCodeHash: must be 0x and 64 hex digits');
  });

  it('refuses a missing file and text that is not JSON', () => {
    expect(() => loadConfig({ DEX_CONFIG_FILE: path.join(dir, 'none.json') })).toThrowError(
      /DEX_CONFIG_FILE: cannot read .*none\.json \(ENOENT\)/,
    );
    const file = writeFile('broken.json', '{ "1": [');
    expect(() => loadConfig({ DEX_CONFIG_FILE: file })).toThrowError(/DEX_CONFIG_FILE not JSON/);
  });

  it('stops the server at start-up with the names of the bad entries', async () => {
    const file = writeFile('bad-start.json', { '137': [{ ...sushi, router: 'quickswap' }] });
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        PORT: '0',
        DEVNET: 'false',
        DATA_DIR: dir,
        DEX_CONFIG_FILE: file,
      },
      timeout: 30_000,
    });
    const failure = await run.then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('DEX_CONFIG_FILE 137[0].router: not an EVM address');
  }, 40_000);
});
