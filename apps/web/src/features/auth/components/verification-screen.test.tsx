import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { VerificationScreen } from './verification-screen';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const open = () =>
  renderRoute(<VerificationScreen />, {
    path: '/verification',
    entry: { pathname: '/verification', state: { email: 'ada@example.com' } },
  });

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 4`);

describe('VerificationScreen', () => {
  it('counts down from 00:39 and enables Resend OTP only at the end', () => {
    open();
    expect(screen.getByTestId('otp-countdown').textContent).toBe('00:39');
    const resend = screen.getByRole('button', { name: 'Resend OTP' });
    expect(resend).toHaveProperty('disabled', true);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByTestId('otp-countdown').textContent).toBe('00:29');
    act(() => {
      vi.advanceTimersByTime(29_000);
    });
    expect(screen.getByTestId('otp-countdown').textContent).toBe('00:00');
    expect(resend).toHaveProperty('disabled', false);
  });

  it('resend clears the boxes, restarts the timer and asks for a new code', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'sent' }), { status: 200 }));
    open();
    fireEvent.change(box(1), { target: { value: '1' } });
    act(() => {
      vi.advanceTimersByTime(39_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(box(1)).toHaveProperty('value', '');
    expect(screen.getByTestId('otp-countdown').textContent).toBe('00:39');
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toHaveProperty('disabled', true);
    // The mutation starts on the next tick.
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/forgot-password');
    expect(init?.body).toBe(JSON.stringify({ email: 'ada@example.com' }));
  });

  it('enables Continue only when all four digits are in', () => {
    open();
    const submit = screen.getByRole('button', { name: 'Continue' });
    fireEvent.change(box(1), { target: { value: '1' } });
    fireEvent.change(box(2), { target: { value: '2' } });
    fireEvent.change(box(3), { target: { value: '3' } });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(box(4), { target: { value: '4' } });
    expect(submit).toHaveProperty('disabled', false);
  });

  it('asks to start again when it does not know the email', () => {
    renderRoute(<VerificationScreen />, { path: '/verification' });
    expect(screen.getByText("We don't know where to send the code.")).toBeTruthy();
  });
});
