import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAINNET_DEXES } from '@vaultscope/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDevnet } from '../test/wallet-test-kit';
import { loadConfig } from './config';
import { resolveDexes } from './dexes';

let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultscope-dexes-'));
beforeAll(async () => {
  devnet = await startTestDevnet([1, 11155111], { markets: true });
});
afterAll(async () => {
  await devnet.remove();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the DEXes of each chain', () => {
  it('are the devnet’s market on local chains and the configured DEXes on RPC chains', () => {
    const file = path.join(dir, 'dexes.json');
    const joe = MAINNET_DEXES[43114][0];
    fs.writeFileSync(file, JSON.stringify({ '56': [{ ...joe, name: 'Joe on BSC' }] }));
    const config = loadConfig({
      DEX_CONFIG_FILE: file,
      RPC_URL_56: 'https://bsc.example',
      RPC_URL_1: undefined,
    });
    const dexes = resolveDexes(config, devnet);
    const local = devnet.markets[1]?.dex;
    expect(local?.name).toBe('Uniswap V2 (local)');
    expect(dexes[1]).toEqual([local]);
    expect(dexes[1]?.[0]?.factory).not.toBe(MAINNET_DEXES[1][0].factory);
    expect(dexes[11155111]).toEqual([]);
    expect(dexes[56]?.map((dex) => dex.name)).toEqual(['Joe on BSC']);
    expect(dexes[137]).toEqual(MAINNET_DEXES[137]);
  });

  it('are the real Uniswap V2 on chain 1 when it is reached through RPC_URL_1', () => {
    const config = loadConfig({ RPC_URL_1: 'https://eth.example' });
    expect(resolveDexes(config, devnet)[1]).toEqual(MAINNET_DEXES[1]);
    expect(resolveDexes(config, undefined)).toEqual(MAINNET_DEXES);
  });
});
