import { describe, expect, it } from 'vitest';
import { MAINNET_DEXES } from './defaults';
import { mergeDexConfigs, parseDexConfig, parseDexConfigJson } from './dex-config';
import { pairAddressFor } from './v2-math';

const UNISWAP = MAINNET_DEXES[1][0];

/** A valid entry written as an operator might: lower-case addresses, no hash. */
const entry = {
  name: 'Local V2',
  factory: '0x5c69bee701ef814a2b6a3edd4b1652cb9cc5aa6f',
  router: '0x7a250d5630b4cf539739df2c5dacb4c659f2488d',
  wrappedNative: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
  quoteTokens: ['0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'],
  feeBps: 30,
  startBlock: 0,
};

describe('DEX_CONFIG_FILE', () => {
  it('accepts the design example shape and checksums its addresses', () => {
    const parsed = parseDexConfig({
      '1': [entry],
      '31337': [{ ...entry, initCodeHash: UNISWAP.initCodeHash.toUpperCase().replace('0X', '0x') }],
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.config[1]?.[0]?.factory).toBe(UNISWAP.factory);
    expect(parsed.config[1]?.[0]?.quoteTokens).toEqual([UNISWAP.wrappedNative]);
    expect(parsed.config[1]?.[0]?.initCodeHash).toBeUndefined();
    expect(parsed.config[31337]?.[0]?.initCodeHash).toBe(UNISWAP.initCodeHash);
  });

  it('names every bad entry, all at once', () => {
    const parsed = parseDexConfig({
      '1': [
        { ...entry, factory: '0x1234' },
        { ...entry, router: UNISWAP.router.replace('a250', 'A250'), feeBps: 30.5 },
      ],
      '56': [
        {
          ...entry,
          quoteTokens: ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'WBNB'],
          initCodeHash: '0x12',
        },
      ],
      '137': [{ ...entry, startBlock: -1, initcodeHash: '0x00' }],
      eth: [entry],
      '43114': { ...entry },
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual(
      expect.arrayContaining([
        '1[0].factory: not an EVM address',
        '1[1].router: not an EVM address (wrong EIP-55 checksum)',
        '1[1].feeBps: must be a whole number of basis points',
        '56[0].quoteTokens[1]: not an EVM address',
        '56[0].initCodeHash: must be 0x and 64 hex digits',
        '137[0].startBlock: must not be negative',
        '137[0].initcodeHash: unknown setting',
        '43114: must be a list of DEXes',
      ]),
    );
    expect(parsed.errors.some((error) => error.startsWith('eth') && /chain id/.test(error))).toBe(
      true,
    );
  });

  it('refuses the same factory twice on one chain', () => {
    const parsed = parseDexConfig({ '1': [entry, { ...entry, name: 'Again' }] });
    expect(parsed).toEqual({
      ok: false,
      errors: ['1[1].factory: factory listed twice on chain 1'],
    });
  });

  it('reports text that is not JSON, and a file that is not an object', () => {
    const notJson = parseDexConfigJson('{ "1": [ }');
    expect(notJson.ok).toBe(false);
    if (!notJson.ok) expect(notJson.errors[0]).toMatch(/^not JSON: /);
    const list = parseDexConfig([entry]);
    expect(list.ok).toBe(false);
    if (!list.ok)
      expect(list.errors).toEqual(['(file): must be an object of chain id → list of DEXes']);
  });

  it('merges a file over the defaults chain by chain; an empty list turns a chain off', () => {
    const parsed = parseDexConfig({ '1': [entry], '56': [] });
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const merged = mergeDexConfigs(MAINNET_DEXES, parsed.config);
    expect(merged[1]).toEqual(parsed.config[1]);
    expect(merged[56]).toEqual([]);
    expect(merged[137]).toBe(MAINNET_DEXES[137]);
  });
});

describe('mainnet defaults', () => {
  it('pass their own schema unchanged (addresses are valid EIP-55)', () => {
    const parsed = parseDexConfig(JSON.parse(JSON.stringify(MAINNET_DEXES)));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    expect(parsed.config).toEqual(MAINNET_DEXES);
  });

  it('list the wrapped native coin first among the quote tokens', () => {
    for (const dexes of Object.values(MAINNET_DEXES))
      for (const dex of dexes) expect(dex.quoteTokens[0]).toBe(dex.wrappedNative);
  });

  // Known live pairs, read from the chains' explorers and many integrations: each proves the
  // DEX's factory, init-code hash and both token addresses at once.
  it.each([
    [1, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', '0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc'], // WETH/USDC
    [1, '0xdAC17F958D2ee523a2206206994597C13D831ec7', '0x0d4a11d5EEaaC28EC3F61d100daF4d40471f1852'], // WETH/USDT
    [1, '0x6B175474E89094C44Da98b954EedeAC495271d0F', '0xA478c2975Ab1Ea89e8196811F51A7B7Ade33eB11'], // WETH/DAI
    [
      56,
      '0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56',
      '0x58F876857a02D6762E0101bb5C46A8c1ED44Dc16',
    ], // WBNB/BUSD
    [
      56,
      '0x55d398326f99059fF775485246999027B3197955',
      '0x16b9a82891338f9bA80E2D6970FddA79D1eb0daE',
    ], // WBNB/USDT
    [
      137,
      '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174',
      '0x6e7a5FAFcec6BB1e78bAE2A1F0B612012BF14827',
    ], // WMATIC/USDC.e
    [
      43114,
      '0xA7D7079b0FEaD91F3e65f86E8915Cb59c1a4C664',
      '0xA389f9430876455C36478DeEa9769B7Ca4E3DDB1',
    ], // WAVAX/USDC.e
    [
      43114,
      '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
      '0xf4003F4efBE8691B60249E6afbD307aBE7758adb',
    ], // WAVAX/USDC
  ] as const)(
    'chain %i: the pair of the wrapped native coin and %s is %s',
    (chainId, token, pair) => {
      const dex = MAINNET_DEXES[chainId][0];
      expect(pairAddressFor(dex, dex.wrappedNative, token)).toBe(pair);
      expect(pairAddressFor(dex, token, dex.wrappedNative)).toBe(pair);
    },
  );
});
