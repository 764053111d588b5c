import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  devnetTokenAbi,
  devnetTokenBytecode,
  devnetTokenDeployedBytecode,
  devnetTokenSourceSha256,
} from './artifacts/devnet-token';

const source = readFileSync(new URL('../../../../contracts/DevnetToken.sol', import.meta.url));
const artifact = JSON.parse(
  readFileSync(new URL('./artifacts/devnet-token.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

describe.each([
  ['LpTimeLock.sol', 'lp-time-lock'],
  ['WrappedNative.sol', 'wrapped-native'],
  ['DevnetToken.sol', 'devnet-token'],
])('the committed artifact of contracts/%s', (file, stem) => {
  it('was built from the current source, for the paris EVM (else: npm run build:contracts)', () => {
    const sha = createHash('sha256')
      .update(readFileSync(new URL(`../../../../contracts/${file}`, import.meta.url)))
      .digest('hex');
    const built = JSON.parse(
      readFileSync(new URL(`./artifacts/${stem}.json`, import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    expect(built['sourceSha256']).toBe(sha);
    expect(built['compiler']).toMatchObject({ settings: { evmVersion: 'paris' } });
  });
});

describe('the committed DevnetToken artifact', () => {
  it('was built from the current contracts/DevnetToken.sol (else: npm run build:contracts)', () => {
    const sha = createHash('sha256').update(source).digest('hex');
    expect(devnetTokenSourceSha256).toBe(sha);
    expect(artifact['sourceSha256']).toBe(sha);
  });

  it('has the same ABI and bytecode in its JSON and TypeScript forms', () => {
    expect(artifact['abi']).toEqual(devnetTokenAbi);
    expect(artifact['bytecode']).toBe(devnetTokenBytecode);
    expect(artifact['deployedBytecode']).toBe(devnetTokenDeployedBytecode);
  });

  it('is a standard ERC-20 with an owner-only mint', () => {
    const functions = devnetTokenAbi
      .filter((item) => item.type === 'function')
      .map((item) => item.name)
      .sort();
    expect(functions).toEqual(
      [
        'allowance',
        'approve',
        'balanceOf',
        'decimals',
        'mint',
        'name',
        'owner',
        'symbol',
        'totalSupply',
        'transfer',
        'transferFrom',
        'transferOwnership',
      ].sort(),
    );
    // Built for the paris EVM: no PUSH0 (0x5f) opcode, so it deploys on every product chain.
    expect(artifact['compiler']).toMatchObject({ settings: { evmVersion: 'paris' } });
  });
});
