import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

describe('lazyPart', () => {
  it('draws the fallback at once, then the part with its props, fetching its code once', async () => {
    const load = vi.fn(async () => Greeting);
    const Part = lazyPart(load);
    const { unmount } = render(<Part name="Ada" fallback={<p>Loading…</p>} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    unmount();
    // Its code in, a part mounted again renders at once, without the fallback.
    render(<Part name="Grace" fallback={<p>Loading…</p>} />);
    expect(screen.getByText('Hello Grace')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands a failed fetch to the error boundary, and fetches again on the next mount', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(Greeting);
    const Part = lazyPart(load);
    const { unmount } = render(
      <Boundary>
        <Part name="Ada" fallback={<p>Loading…</p>} />
      </Boundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('chunk failed');
    unmount();
    render(<Part name="Ada" fallback={<p>Loading…</p>} />);
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});
