import {
  cleanEvmReport,
  cleanSolanaReport,
  honeypotEvmReport,
  type ResearchSourceHealth,
  type TokenDetailResponse,
} from '@vaultscope/core';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveScamCheck } from '@/lib/scam-cache';
import { renderRoute } from '@/test/render';
import { DETAILS_PENDING_TEXT, TokenDetailScreen, type DetailVariant } from './token-detail-screen';

const EVM = '0x5eAd87897B90234527efa981D7d0e87704BcF025';
const SOLANA = 'HNRuoi9XKf57ctD7XtaPKo7WcH7cu6d6ENcEDpfiLCMU';

function evmDetail(overrides: Partial<TokenDetailResponse> = {}): TokenDetailResponse {
  return {
    id: `eth_${EVM.toLowerCase()}`,
    tokenName: 'Tree Inu',
    symbol: 'TRE',
    tokenAddress: EVM,
    chainName: 'eth',
    price: 10.75,
    fdv: 1_074_930_000,
    liquidity: 150_000_000,
    priceProvider: 'Vaultscope snapshot',
    pairAddress: '0x2816CdeCef7150763C52f81dDfc9Fc50339fCEAb',
    isVaultscope: 1,
    totalScore: 84,
    riskLevel: 'low risk',
    trusted_token: 0,
    tokenDetails: cleanEvmReport(),
    is_favourite: 0,
    ...overrides,
  };
}

const fetchMock = vi.fn<typeof fetch>();
/** The market panel's candles and trades: no pool, no trades (its own test covers it). */
function marketAnswer(url: string): Promise<Response> {
  const header = {
    chainName: 'eth',
    tokenAddress: EVM,
    pairAddress: null,
    quoteSymbol: null,
    priceProvider: 'Vaultscope indexer',
  };
  const body = url.includes('/api/token/candles/')
    ? { ...header, interval: '5m', from: 0, to: 0, candles: [] }
    : { ...header, trades: [] };
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
}
/** `/api/health`'s research part: the snapshot unless a test sets a live one. */
let research: { provider: 'snapshot' | 'live'; sources: ResearchSourceHealth[] };
const SNAPSHOT_RESEARCH = { provider: 'snapshot' as const, sources: [] };
beforeEach(() => {
  research = SNAPSHOT_RESEARCH;
  // fetchMock sees the detail's requests only, so the tests count those.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/api/health')) {
      return json({ status: 'ok', database: 'pglite', research });
    }
    return /\/api\/token\/(candles|trades)\//.test(url)
      ? marketAnswer(url)
      : fetchMock(input, init);
  });
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

function open(variant: DetailVariant, entry: string, state?: unknown) {
  const path = variant === 'details' ? '/details/:tokenAddress' : '/newdetail/:tokenAddress';
  const [pathname, search = ''] = entry.split('?');
  return renderRoute(<TokenDetailScreen variant={variant} />, {
    path,
    entry: { pathname: pathname ?? entry, search: search ? `?${search}` : '', state },
  });
}

describe('TokenDetailScreen', () => {
  it('shows loading text, then the details, score panel and EVM rows', async () => {
    fetchMock.mockImplementation(() => json(evmDetail()));
    open('details', `/details/${EVM}?chainName=eth`);
    expect(screen.getByText('Loading token details...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Tree Inu', level: 1 })).toBeTruthy();
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(screen.getByText('Good - Investable with caution')).toBeTruthy();
    expect(screen.getByTestId('score-panel').dataset.colour).toBe('green');
    expect(screen.getByTestId('risk-level').dataset.colour).toBe('green');
    expect(within(screen.getByTestId('evm-key-rows')).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByTestId('pair-address').textContent).toBe(
      '0x2816CdeCef7150763C52f81dDfc9Fc50339fCEAb',
    );
    const url = String(fetchMock.mock.calls[0]?.[0]);
    expect(url).toContain(`/get-token-details/${EVM}?chainid=1&network=eth`);
  });

  it('shows each engine per field side by side, marking where they disagree', async () => {
    fetchMock.mockImplementation(() =>
      json(
        evmDetail({
          engineVerdicts: {
            engines: ['analyzer', 'goplus'],
            fields: [
              {
                field: 'cannot_sell_all',
                answers: ['No', 'Yes'],
                chosen: 'analyzer',
                disagree: true,
                basis: 'trade',
              },
              {
                field: 'is_proxy',
                answers: ['No', 'No'],
                chosen: 'analyzer',
                disagree: false,
                basis: 'agree',
              },
            ],
          },
        }),
      ),
    );
    open('details', `/details/${EVM}?chainName=eth`);
    const table = await screen.findByRole('table', { name: "Each engine's verdict per field" });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual(['Field', 'Vaultscope analyzer', 'GoPlus', 'Score uses']);
    const disagreeing = within(table).getByRole('rowheader', { name: /Cannot sell all/ });
    expect(disagreeing.textContent).toContain('Disagree');
    expect(disagreeing.closest('tr')?.dataset.disagree).toBe('true');
    expect(disagreeing.closest('tr')?.textContent).toContain('a trade outweighs a reading');
    const agreeing = within(table).getByRole('rowheader', { name: 'Is proxy' });
    expect(agreeing.closest('tr')?.dataset.disagree).toBeUndefined();
    expect(screen.getByTestId('engine-disagreements').textContent).toContain(
      'they disagree on 1 field',
    );
  });

  it('shows no engine table when one engine judged the token', async () => {
    fetchMock.mockImplementation(() => json(evmDetail({ engineVerdicts: null })));
    open('details', `/details/${EVM}?chainName=eth`);
    expect(await screen.findByRole('heading', { name: 'Tree Inu', level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('engine-verdicts')).toBeNull();
  });

  it('shows no data age for the snapshot, a recording', async () => {
    fetchMock.mockImplementation(() => json(evmDetail()));
    open('details', `/details/${EVM}?chainName=eth`);
    await screen.findByRole('heading', { name: 'Tree Inu', level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('data-age-dex')).toBeNull();
  });

  it('shows the age of the pools in live mode, and when their provider fails', async () => {
    research = {
      provider: 'live',
      sources: [
        {
          kind: 'dex',
          provider: 'geckoterminal',
          lastSyncedAt: new Date(Date.now() - 40_000).toISOString(),
          items: 2,
          intervalSeconds: 45,
          stale: false,
          failing: true,
          lastFailureAt: new Date().toISOString(),
          consecutiveFailures: 1,
        },
      ],
    };
    fetchMock.mockImplementation(() => json(evmDetail()));
    open('details', `/details/${EVM}?chainName=eth`);
    const age = await screen.findByTestId('data-age-dex');
    expect(age.textContent).toMatch(/^Pools updated 4\d s ago · provider not answering$/);
    expect(age.dataset.warning).toBe('provider not answering');
  });

  it('hides pair address, FDV and liquidity on /details when isVaultscope is 0', async () => {
    fetchMock.mockImplementation(() => json(evmDetail({ isVaultscope: 0 })));
    open('details', `/details/${EVM}?chainName=eth`);
    await screen.findByRole('heading', { name: 'Tree Inu', level: 1 });
    expect(screen.queryByTestId('pair-address')).toBeNull();
    expect(screen.queryByTestId('detail-fdv')).toBeNull();
    expect(screen.queryByTestId('detail-liquidity')).toBeNull();
  });

  it('always shows them on /newdetail, with a lock when the first LP holder is locked', async () => {
    const report = cleanEvmReport();
    const locked = report.lp_holders?.[0]?.is_locked === 1;
    fetchMock.mockImplementation(() => json(evmDetail({ isVaultscope: 0, tokenDetails: report })));
    open('newdetail', `/newdetail/${EVM}?chainName=eth`);
    await screen.findByRole('heading', { name: 'Tree Inu', level: 1 });
    expect(screen.getByTestId('detail-fdv')).toBeTruthy();
    expect(screen.queryByTestId('lp-lock') !== null).toBe(locked);
  });

  it('colours a honeypot red with one star and high risk', async () => {
    fetchMock.mockImplementation(() =>
      json(
        evmDetail({ totalScore: 10, riskLevel: 'high risk', tokenDetails: honeypotEvmReport() }),
      ),
    );
    open('details', `/details/${EVM}?chainName=eth`);
    expect(await screen.findByRole('img', { name: '1 out of 5 stars' })).toBeTruthy();
    expect(screen.getByText('Avoid - Not investable')).toBeTruthy();
    expect(screen.getByTestId('score-panel').dataset.colour).toBe('red');
    expect(screen.getByTestId('risk-level').dataset.colour).toBe('red');
  });

  it('shows the nine Solana rows for a Solana token', async () => {
    fetchMock.mockImplementation(() =>
      json(
        evmDetail({
          id: `solana_${SOLANA}`,
          tokenAddress: SOLANA,
          chainName: 'solana',
          tokenDetails: cleanSolanaReport(),
        }),
      ),
    );
    open('details', `/details/${SOLANA}?chainName=solana`);
    const rows = await screen.findByTestId('solana-rows');
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((row) => row.children[1]?.textContent),
    ).toEqual([
      'Liquidity Score',
      'Holder Distribution',
      'Locked LP Tokens',
      'Transferability',
      'Mintability',
      'Freeze Authority',
      'Metadata Accuracy',
      'Security Factors',
      'Trusted Token Flag',
    ]);
    expect(screen.queryByTestId('feature-table')).toBeNull();
  });

  it('lists a Solana mint’s Token-2022 powers when its report has them', async () => {
    fetchMock.mockImplementation(() =>
      json(
        evmDetail({
          id: `solana_${SOLANA}`,
          tokenAddress: SOLANA,
          chainName: 'solana',
          tokenDetails: cleanSolanaReport({
            transfer_fee: {
              current_fee_rate: { fee_rate: 0.05, maximum_fee: '1000000' },
              scheduled_fee_rate: [],
            },
            balance_mutable_authority: { status: 1, authority: [] },
          }),
        }),
      ),
    );
    open('details', `/details/${SOLANA}?chainName=solana`);
    const powers = await screen.findByTestId('solana-powers');
    const cells = within(powers)
      .getAllByRole('row')
      .map((row) => [row.children[0]?.textContent, row.children[1]?.textContent]);
    expect(cells).toContainEqual(['Transfer fee', '5%']);
    expect(cells).toContainEqual(['Permanent delegate (can move any balance)', 'Yes']);
    expect(cells).toContainEqual(['Transfer hook program', 'No']);
  });

  it('shows the fallback and the server message when the detail is not there', async () => {
    fetchMock.mockImplementation(() =>
      json({ message: 'Record not found, will get back shortly' }, 404),
    );
    open('details', `/details/${EVM}?chainName=eth`);
    expect(await screen.findByText(DETAILS_PENDING_TEXT)).toBeTruthy();
    expect(screen.getByText('Record not found, will get back shortly')).toBeTruthy();
  });

  it('uses the cached scam check without a request when the address matches', async () => {
    saveScamCheck(EVM, evmDetail({ tokenName: 'Cached Inu' }));
    open('details', `/details/${EVM.toLowerCase()}?chainName=eth&checkScam=true`);
    expect(await screen.findByRole('heading', { name: 'Cached Inu', level: 1 })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches in scam-check mode when the cache holds another token', async () => {
    saveScamCheck('0x1111111111111111111111111111111111111111', evmDetail({ tokenName: 'Other' }));
    fetchMock.mockImplementation(() => json(evmDetail()));
    open('details', `/details/${EVM}?chainName=eth&checkScam=true`);
    expect(await screen.findByRole('heading', { name: 'Tree Inu', level: 1 })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('shows a failed scam check from the navigation state without fetching again', async () => {
    open('details', `/details/${EVM}?chainName=eth&checkScam=true`, {
      scamError: 'Something went wrong.',
    });
    expect(await screen.findByText(DETAILS_PENDING_TEXT)).toBeTruthy();
    expect(screen.getByText('Something went wrong.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("polls after a scam check's 'will get back shortly' until the analyzer's report is there", async () => {
    fetchMock.mockImplementation(() => json(evmDetail({ tokenName: 'Scanned Inu' })));
    open('details', `/details/${EVM}?chainName=eth&checkScam=true`, {
      scamError: 'Record not found, will get back shortly',
    });
    expect(await screen.findByText(DETAILS_PENDING_TEXT)).toBeTruthy();
    expect(screen.getByTestId('scan-waiting')).toBeTruthy();
    // The scam check has just asked: no request at once, one after a poll interval.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(
      await screen.findByRole('heading', { name: 'Scanned Inu', level: 1 }, { timeout: 4_000 }),
    ).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("asks again while the detail is 'will get back shortly', then shows the report and its evidence", async () => {
    fetchMock
      .mockImplementationOnce(() =>
        json({ message: 'Record not found, will get back shortly' }, 404),
      )
      .mockImplementation(() =>
        json(
          evmDetail({
            tokenDetails: { ...cleanEvmReport(), is_mintable: 1 },
            scan: {
              source: 'analyzer',
              chainId: 1,
              blockNumber: '42',
              blockHash: null,
              scannedAt: '2026-11-21T12:00:00.000Z',
              decimals: 18,
              rescanning: false,
              evidence: {
                is_mintable: [
                  {
                    kind: 'probe',
                    caller: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
                    callerRoles: ['owner()'],
                    selector: '0x40c10f19',
                    args: [],
                    effect: 'totalSupply rose',
                    measured: { what: 'supply-raised', amount: '5000000000000000000' },
                    pass: 'as-is',
                  },
                ],
              },
            },
          }),
        ),
      );
    open('details', `/details/${EVM}?chainName=eth`);
    expect(await screen.findByTestId('scan-waiting')).toBeTruthy();
    expect(
      await screen.findByText(
        'the owner (0xf39F…2266) can call 0x40c10f19, which raised the supply by 5',
        undefined,
        { timeout: 4_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('scan-meta').textContent).toMatch(/at block 42 of Ethereum/);
  });

  it("answers 'Invalid blockchain selected.' for an unknown chain", () => {
    open('details', `/details/${EVM}?chainName=dogechain`);
    expect(screen.getByText('Invalid blockchain selected.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
