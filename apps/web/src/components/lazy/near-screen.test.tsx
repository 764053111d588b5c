import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NearScreen } from './near-screen';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

/** An IntersectionObserver the test moves: `show(true)` brings the box near the screen. */
function fakeObserver() {
  const observers: Array<{ callback: Callback; disconnected: boolean }> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: { callback: Callback; disconnected: boolean };
      constructor(callback: Callback) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  return {
    observers,
    show(isIntersecting: boolean) {
      act(() => {
        for (const o of observers) if (!o.disconnected) o.callback([{ isIntersecting }]);
      });
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NearScreen', () => {
  it('holds the place with an empty box until the part comes near the screen, then draws it for good', () => {
    const viewport = fakeObserver();
    const { container } = render(
      <NearScreen label="lists" placeholderHeight="100vh" showLabel="Show the lists">
        <p>The lists</p>
      </NearScreen>,
    );
    const box = container.querySelector<HTMLElement>('[data-near-screen="lists"]');
    expect(box?.style.minHeight).toBe('100vh');
    expect(screen.queryByText('The lists')).toBeNull();

    viewport.show(false);
    expect(screen.queryByText('The lists')).toBeNull();

    viewport.show(true);
    expect(screen.getByText('The lists')).toBeTruthy();
    expect(container.querySelector('[data-near-screen]')).toBeNull();
    // Drawn once, it stays when scrolled out of view again.
    viewport.show(false);
    expect(screen.getByText('The lists')).toBeTruthy();
  });

  it('draws the part when a keyboard user reaches its place', () => {
    fakeObserver();
    render(
      <NearScreen label="lists" placeholderHeight="100vh" showLabel="Show the lists">
        <p>The lists</p>
      </NearScreen>,
    );
    expect(screen.queryByText('The lists')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Show the lists' }).focus());
    expect(screen.getByText('The lists')).toBeTruthy();
  });

  it('draws the part right away where the browser cannot tell what is near the screen', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <NearScreen label="lists" placeholderHeight="100vh" showLabel="Show the lists">
        <p>The lists</p>
      </NearScreen>,
    );
    expect(screen.getByText('The lists')).toBeTruthy();
  });
});
