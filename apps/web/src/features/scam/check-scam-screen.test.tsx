import { storageKeys } from '@vaultscope/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { CheckScamScreen } from './check-scam-screen';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => vi.unstubAllGlobals());

const open = () => renderRoute(<CheckScamScreen />, { path: '/check-scam' });
const addressBox = () => screen.getByLabelText('Token address');
const submit = () => screen.getByRole('button', { name: 'Check Scam' });

describe('CheckScamScreen', () => {
  it('defaults to Ethereum and stays disabled until an address is typed', () => {
    open();
    expect(screen.getByLabelText('Chain')).toHaveProperty('value', 'eth');
    expect(submit()).toHaveProperty('disabled', true);
    fireEvent.change(addressBox(), { target: { value: '   ' } });
    expect(submit()).toHaveProperty('disabled', true);
  });

  it('refuses an address that is not valid for the chain before any request', () => {
    open();
    fireEvent.change(addressBox(), {
      target: { value: 'HNRuoi9XKf57ctD7XtaPKo7WcH7cu6d6ENcEDpfiLCMU' },
    });
    fireEvent.click(submit());
    expect(screen.getByText('Enter a valid Ethereum token address.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Chain'), { target: { value: 'solana' } });
    fireEvent.change(addressBox(), {
      target: { value: '0x5eAd87897B90234527efa981D7d0e87704BcF025' },
    });
    fireEvent.click(submit());
    expect(screen.getByText('Enter a valid Solana token address.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("answers 'Invalid blockchain selected.' for a chain that maps to no code", () => {
    open();
    // A value that is not one of the options leaves the select with none chosen.
    fireEvent.change(screen.getByLabelText('Chain'), { target: { value: 'dogechain' } });
    fireEvent.change(addressBox(), {
      target: { value: '0x5eAd87897B90234527efa981D7d0e87704BcF025' },
    });
    fireEvent.click(submit());
    expect(screen.getByText('Invalid blockchain selected.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears the cached token data when the check fails', async () => {
    localStorage.setItem(storageKeys.tokenAddress, '0xabc');
    localStorage.setItem(storageKeys.tokenData, '{}');
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'Database unavailable' }), { status: 503 }),
    );
    open();
    fireEvent.change(addressBox(), {
      target: { value: '0x5eAd87897B90234527efa981D7d0e87704BcF025' },
    });
    fireEvent.click(submit());
    await waitFor(() => expect(localStorage.getItem(storageKeys.tokenData)).toBeNull());
    expect(localStorage.getItem(storageKeys.tokenAddress)).toBeNull();
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    const url = String(fetchMock.mock.calls[0]?.[0]);
    expect(url).toContain('/get-token-details/0x5eAd87897B90234527efa981D7d0e87704BcF025?');
    expect(url).toContain('network=eth');
    expect(url).toContain('chainid=1');
  });

  it('opens the detail route with the error when the token is not found', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'Record not found, will get back shortly' }), {
        status: 404,
      }),
    );
    const { router } = open();
    fireEvent.change(addressBox(), {
      target: { value: '0x1111111111111111111111111111111111111111' },
    });
    fireEvent.click(submit());
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/details/0x1111111111111111111111111111111111111111',
      ),
    );
    expect(router.state.location.search).toBe('?chainName=eth&checkScam=true');
    expect(router.state.location.state).toEqual({
      scamError: 'Record not found, will get back shortly',
    });
  });
});
