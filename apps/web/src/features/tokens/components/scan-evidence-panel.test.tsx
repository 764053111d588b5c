import {
  apiPaths,
  emptySecurityReport,
  scamMessages,
  type TokenDetailResponse,
  type TokenScanInfo,
} from '@vaultscope/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { ScanEvidencePanel } from './scan-evidence-panel';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const scan: TokenScanInfo = {
  source: 'analyzer',
  chainId: 1,
  blockNumber: '1234567',
  blockHash: `0x${'ab'.repeat(32)}`,
  scannedAt: '2026-11-21T12:00:00.000Z',
  decimals: 18,
  rescanning: false,
  evidence: {
    is_mintable: [
      {
        kind: 'probe',
        caller: OWNER,
        callerRoles: ['owner()'],
        selector: '0x40c10f19',
        args: [OWNER, '1000000000000000000000000'],
        effect: 'totalSupply rose by 1000000000000000000000000',
        measured: { what: 'supply-raised', amount: '1000000000000000000000000' },
        pass: 'as-is',
      },
    ],
    sell_tax: [{ kind: 'not-measured', reason: 'simulation-not-built' }],
    selfdestruct: [
      { kind: 'checked', address: TOKEN, detail: 'no SELFDESTRUCT reachable from the dispatcher' },
    ],
  },
};

const detail: Pick<TokenDetailResponse, 'tokenAddress' | 'chainName' | 'tokenDetails'> = {
  tokenAddress: TOKEN,
  chainName: 'eth',
  tokenDetails: { ...emptySecurityReport(), is_mintable: 1, selfdestruct: 0 },
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('ScanEvidencePanel', () => {
  it('explains each flag with its evidence in plain words, risks first', () => {
    renderRoute(<ScanEvidencePanel detail={detail} scan={scan} />);
    const findings = screen.getByTestId('scan-findings');
    const fields = [...findings.querySelectorAll<HTMLElement>('[data-field]')].map((item) => [
      item.dataset.field,
      item.dataset.status,
    ]);
    expect(fields).toEqual([
      ['is_mintable', 'risk'],
      ['sell_tax', 'unknown'],
    ]);
    expect(
      within(findings).getByText(
        'the owner (0xf39F…2266) can call 0x40c10f19, which raised the supply by 1,000,000',
      ),
    ).toBeTruthy();
    expect(
      within(findings).getByText('not measured: the buy and sell simulation is not built yet'),
    ).toBeTruthy();
    // What was checked and found clean is folded away, with its reason.
    const clean = screen.getByTestId('scan-clean');
    expect(within(clean).getByText(/no SELFDESTRUCT reachable from the dispatcher/)).toBeTruthy();
  });

  it('shows the block and the time of the scan', () => {
    renderRoute(<ScanEvidencePanel detail={detail} scan={scan} />);
    const meta = screen.getByTestId('scan-meta');
    expect(meta.textContent).toMatch(/at block 1,234,567 of Ethereum on 21 Nov 2026/);
    expect(meta.querySelector('time')?.getAttribute('dateTime')).toBe(scan.scannedAt);
  });

  it('asks the server for a re-scan of this token on this chain', async () => {
    fetchMock.mockImplementationOnce(() =>
      json({ status: 'scanning', message: scamMessages.scanStarted }, 202),
    );
    renderRoute(<ScanEvidencePanel detail={detail} scan={scan} />);
    fireEvent.click(screen.getByRole('button', { name: 'Re-scan' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain(`${apiPaths.tokens.rescan(TOKEN)}?network=eth`);
    expect(init?.method).toBe('POST');
  });

  it('says it is re-scanning while the server works on a fresh scan', () => {
    renderRoute(<ScanEvidencePanel detail={detail} scan={{ ...scan, rescanning: true }} />);
    expect(screen.getByTestId('scan-meta').textContent).toContain('Re-scanning…');
    expect(screen.getByRole('button', { name: 'Re-scan' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's reason when a re-scan is refused", async () => {
    fetchMock.mockImplementationOnce(() => json({ message: scamMessages.tooManyScans }, 429));
    renderRoute(<ScanEvidencePanel detail={detail} scan={scan} />);
    fireEvent.click(screen.getByRole('button', { name: 'Re-scan' }));
    expect(await screen.findByText(scamMessages.tooManyScans)).toBeTruthy();
  });
});
