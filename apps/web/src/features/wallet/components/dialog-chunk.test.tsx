import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogChunk } from './dialog-chunk';

function Greeting({ onClose }: { onClose: () => void }) {
  return (
    <div role="dialog" aria-label="Greeting">
      <input aria-label="Name" autoFocus />
      <button type="button" onClick={onClose}>
        Done
      </button>
    </div>
  );
}

/** The route's error boundary: what a failed chunk used to reach, replacing the whole screen. */
class RouteBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>The route failed</p> : this.props.children;
  }
}

function Screen({ children }: { children: ReactNode }) {
  return (
    <RouteBoundary>
      <p>Wallet balances</p>
      {children}
    </RouteBoundary>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('dialogChunk', () => {
  it('shows its frame, titled and busy, between the press and the code', async () => {
    let arrive!: (component: typeof Greeting) => void;
    const Dialog = dialogChunk(
      'Send',
      () => new Promise<typeof Greeting>((resolve) => (arrive = resolve)),
    );
    render(
      <Screen>
        <Dialog onClose={() => {}} />
      </Screen>,
    );
    const frame = screen.getByRole('dialog', { name: 'Send' });
    expect(frame.querySelector('[role="status"]')?.textContent).toContain('Loading');
    // Focus is in the open dialog, not left on the page behind it.
    expect(frame.contains(document.activeElement)).toBe(true);
    await waitFor(() => expect(arrive).toBeTypeOf('function'));
    arrive(Greeting);
    expect(await screen.findByRole('dialog', { name: 'Greeting' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Send' })).toBeNull();
  });

  it('keeps a failed load inside its frame, with a retry that imports again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Greeting);
    const onClose = vi.fn();
    const Dialog = dialogChunk('Receive', load);
    render(
      <Screen>
        <Dialog onClose={onClose} />
      </Screen>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Receive could not be loaded. Check your connection and try again.',
    );
    // The screen behind stays: the route's boundary saw nothing.
    expect(screen.getByText('Wallet balances')).toBeTruthy();
    expect(screen.queryByText('The route failed')).toBeNull();
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(document.activeElement).toBe(retry);
    fireEvent.click(retry);
    expect(await screen.findByRole('dialog', { name: 'Greeting' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('closes from the failed frame', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onClose = vi.fn();
    const Dialog = dialogChunk('Send', () => Promise.reject(new Error('chunk failed')));
    render(
      <Screen>
        <Dialog onClose={onClose} />
      </Screen>,
    );
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
