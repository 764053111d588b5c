import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useProgressiveCount } from './use-progressive-count';

function List({ total, first, step }: { total: number; first: number; step: number }) {
  const drawn = useProgressiveCount(total, first, step);
  return <p data-testid="drawn">{drawn}</p>;
}

const drawn = () => Number(screen.getByTestId('drawn').textContent);

describe('useProgressiveCount', () => {
  it('draws the first items at once, then a step a frame until all are drawn', async () => {
    const seen: number[] = [];
    const { rerender } = render(<List total={12} first={4} step={3} />);
    seen.push(drawn());
    expect(drawn()).toBe(4);
    await waitFor(() => {
      seen.push(drawn());
      expect(drawn()).toBe(12);
    });
    // Never more than there are, and never fewer than drawn once the list grows.
    expect(Math.max(...seen)).toBe(12);
    rerender(<List total={15} first={4} step={3} />);
    expect(drawn()).toBeGreaterThanOrEqual(12);
    await waitFor(() => expect(drawn()).toBe(15));
    rerender(<List total={2} first={4} step={3} />);
    expect(drawn()).toBe(2);
  });

  it('draws a short list at once', () => {
    render(<List total={3} first={6} step={5} />);
    expect(drawn()).toBe(3);
  });

  it("takes one list's step a frame when several lists are drawing", async () => {
    // Frames by hand: each runs every callback booked before it, as a browser's frame does.
    const booked: FrameRequestCallback[] = [];
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      booked.push(callback);
      return booked.length;
    });
    try {
      render(
        <>
          <List total={10} first={2} step={4} />
          <List total={10} first={2} step={4} />
        </>,
      );
      const counts = () => screen.getAllByTestId('drawn').map((p) => Number(p.textContent));
      expect(counts()).toEqual([2, 2]);
      const seen: number[][] = [];
      for (let i = 0; i < 4; i++) {
        await act(async () => {
          for (const callback of booked.splice(0)) callback(performance.now());
          await new Promise((resolve) => setTimeout(resolve, 10));
        });
        seen.push(counts());
      }
      // Both lists drawing a step in the same frame made that frame's layout one long task.
      expect(seen).toEqual([
        [6, 2],
        [6, 6],
        [10, 6],
        [10, 10],
      ]);
    } finally {
      frame.mockRestore();
    }
  });
});
