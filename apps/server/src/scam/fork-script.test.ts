import { encodeFunctionResult, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { transferSucceeded } from './fork-script';

const erc20 = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);
const returned = (value: boolean) =>
  encodeFunctionResult({ abi: erc20, functionName: 'transfer', result: value });

describe('a simulated ERC-20 transfer', () => {
  it('went through when it returned true, or nothing at all (USDT-style tokens)', () => {
    expect(transferSucceeded({ ok: true, data: returned(true) })).toBe(true);
    expect(transferSucceeded({ ok: true, data: '0x' })).toBe(true);
  });

  it('was refused when it reverted or returned false, as a blacklist or a limit may answer', () => {
    expect(transferSucceeded({ ok: false, data: '0x' })).toBe(false);
    expect(transferSucceeded({ ok: true, data: returned(false) })).toBe(false);
  });
});
