import { describe, expect, it } from 'vitest';
import { detailChain } from './detail-route';

const EVM = '0x5eAd87897B90234527efa981D7d0e87704BcF025';
const SOLANA = 'HNRuoi9XKf57ctD7XtaPKo7WcH7cu6d6ENcEDpfiLCMU';

describe('detailChain', () => {
  it('takes the chainName of the link', () => {
    expect(detailChain('bsc', EVM)).toEqual({ ok: true, chainName: 'bsc' });
    expect(detailChain('solana', SOLANA)).toEqual({ ok: true, chainName: 'solana' });
  });

  it('guesses from the address when the link has no chain', () => {
    expect(detailChain(null, SOLANA)).toEqual({ ok: true, chainName: 'solana' });
    expect(detailChain(null, EVM)).toEqual({ ok: true, chainName: 'eth' });
    expect(detailChain('', EVM)).toEqual({ ok: true, chainName: 'eth' });
  });

  it("answers 'Invalid blockchain selected.' for an unknown chain", () => {
    expect(detailChain('dogechain', EVM)).toEqual({
      ok: false,
      message: 'Invalid blockchain selected.',
    });
  });
});
