import { apiPaths, IDEMPOTENCY_HEADER, walletMessages } from '@vaultscope/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { json, logInAs, mockApi } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { SendDialog } from './send-dialog';

const OWN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDV = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

beforeEach(() => useSessionStore.getState().clear());
afterEach(() => vi.unstubAllGlobals());

const sendResult = {
  _id: 'tx-1',
  chainId: 11155111,
  to: TO,
  from: OWN,
  type: 'native',
  symbol: 'ETH',
  amount: '1.4',
  value: '1.4',
  hash: `0x${'ab'.repeat(32)}`,
  link: `/tx/11155111/0x${'ab'.repeat(32)}`,
  status: 'confirmed',
  fee: '0.000021',
};

/** A testnet-only wallet with ETH and USDV on Sepolia; `onSend` answers the send calls. */
function walletApi(onSend: (init: RequestInit) => Response | Promise<Response>) {
  return mockApi((url, init) => {
    switch (url.pathname) {
      case apiPaths.wallet.checkNetworkMode:
        return json({ showMainnet: false, showTestnet: true });
      case apiPaths.wallet.assetsByChain:
        return json({
          chainId: Number(url.searchParams.get('chainId')),
          address: OWN,
          Assets: [
            {
              address: 'Native',
              symbol: 'ETH',
              name: 'Ether',
              decimals: 18,
              balance: '2',
              logo: '',
            },
            {
              address: USDV,
              symbol: 'USDVLONG',
              name: 'USD',
              decimals: 6,
              balance: '500',
              logo: '',
            },
          ],
        });
      case apiPaths.wallet.evmKey:
        return json({ key: OWN });
      case apiPaths.wallet.estimateFee:
        return json({ chainId: 11155111, symbol: 'ETH', fee: '0.000021' });
      case apiPaths.wallet.sendEth:
        return onSend(init);
      default:
        throw new Error(`unexpected call ${url.pathname}`);
    }
  });
}

async function openDialog() {
  logInAs();
  const onClose = vi.fn();
  const view = renderRoute(<SendDialog onClose={onClose} />, { path: '/vaultscope-wallet' });
  const dialog = screen.getByRole('dialog', { name: 'Send' });
  // The first network of the mode, its address and its native asset are chosen by themselves.
  expect(await within(dialog).findByDisplayValue(OWN)).toBeTruthy();
  expect((within(dialog).getByLabelText('Network') as HTMLSelectElement).value).toBe('11155111');
  await vi.waitFor(() =>
    expect(within(dialog).getByTestId('send-balance').textContent).toBe('Balance: 2 ETH'),
  );
  return { ...view, dialog, onClose };
}

describe('SendDialog', () => {
  it('lists asset symbols cut to 6 and shows the estimated fee', async () => {
    walletApi(() => json({}, 500));
    const { dialog } = await openDialog();
    const options = within(within(dialog).getByLabelText('Asset')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['ETH', 'USDVLO']);
    expect(await within(dialog).findByText('Estimated network fee: 0.000021 ETH')).toBeTruthy();
  });

  it('checks the address and amount before asking to confirm', async () => {
    const fetchMock = walletApi(() => json({}, 500));
    const { dialog } = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText(walletMessages.invalidRecipient)).toBeTruthy();
    expect(within(dialog).getByText(walletMessages.amountRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Send to'), { target: { value: TO } });
    fireEvent.change(within(dialog).getByLabelText('Amount'), {
      target: { value: '0.1234567890123456789' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText(walletMessages.amountTooPrecise(18))).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Confirm Transaction' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('sendEth'))).toBe(false);
  });

  it('Max keeps 30% of a native balance back and says so; a token gets its whole balance', async () => {
    walletApi(() => json({}, 500));
    const { dialog } = await openDialog();
    const amount = within(dialog).getByLabelText('Amount') as HTMLInputElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(amount.value).toBe('1.4');
    expect(within(dialog).getByText(walletMessages.maxFeeNote)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Asset'), { target: { value: USDV } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(amount.value).toBe('500');
    expect(within(dialog).queryByText(walletMessages.maxFeeNote)).toBeNull();
  });

  it('confirms, retries with the same idempotency key after a lost answer, then shows the result', async () => {
    const keys: string[] = [];
    let attempts = 0;
    walletApi((init) => {
      keys.push((init.headers as Record<string, string>)[IDEMPOTENCY_HEADER] ?? '');
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return json({ message: 'ok', data: sendResult });
    });
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { dialog } = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Send to'), { target: { value: TO } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Max' }));

    // Cancel in the popup logs and does nothing else.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    let popup = screen.getByRole('dialog', { name: 'Confirm Transaction' });
    fireEvent.click(within(popup).getByRole('button', { name: 'Cancel' }));
    expect(info).toHaveBeenCalledWith(walletMessages.sendCancelled);
    expect(screen.queryByRole('dialog', { name: 'Confirm Transaction' })).toBeNull();
    expect(attempts).toBe(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    popup = screen.getByRole('dialog', { name: 'Confirm Transaction' });
    expect(popup.textContent).toContain(walletMessages.confirmWarning);
    expect(popup.textContent).toContain(walletMessages.confirmQuestion);
    for (const text of [OWN, TO, '1.4', 'ETH']) expect(popup.textContent).toContain(text);

    await act(async () => {
      fireEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));
    });
    expect(await screen.findByText(/Network error/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));
    });
    const result = await screen.findByTestId('send-result');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(within(result).getByRole('heading', { name: 'Transaction History' })).toBeTruthy();
    expect(result.textContent).toContain('Sent ETH');
    expect(result.textContent).toContain('Sepolia');
    const inspect = within(result).getByRole('link', { name: 'Inspect Transaction' });
    expect(inspect.getAttribute('href')).toBe(sendResult.link);
    expect(inspect.getAttribute('target')).toBe('_blank');
    expect(await screen.findByText(walletMessages.sendSuccess)).toBeTruthy();
  });

  it("shows the server's message when a send is refused", async () => {
    walletApi(() => json({ message: walletMessages.insufficientBalance }, 400));
    const { dialog } = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Send to'), { target: { value: TO } });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const popup = screen.getByRole('dialog', { name: 'Confirm Transaction' });
    await act(async () => {
      fireEvent.click(within(popup).getByRole('button', { name: 'Confirm' }));
    });
    expect(await screen.findByText(walletMessages.insufficientBalance)).toBeTruthy();
    expect(screen.queryByTestId('send-result')).toBeNull();
  });
});
