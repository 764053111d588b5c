import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, FIRST_PAINT_WAIT_MS } from './first-paint';

/** A PerformanceObserver that reports what the test hands it, as the browser would. */
class FakeObserver {
  static supportedEntryTypes: readonly string[] = ['paint'];
  static instances: FakeObserver[] = [];
  observed: PerformanceObserverInit[] = [];
  disconnected = false;
  constructor(
    private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(options: PerformanceObserverInit) {
    this.observed.push(options);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(...names: string[]) {
    this.callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
  }
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  return done;
};

describe('afterFirstPaint', () => {
  beforeEach(() => {
    FakeObserver.instances = [];
    FakeObserver.supportedEntryTypes = ['paint'];
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the first contentful paint', async () => {
    const painted = afterFirstPaint();
    const observer = FakeObserver.instances[0]!;
    // A first paint without content is not the frame being shown.
    observer.report('first-paint');
    expect(await settled(painted)).toBe(false);
    observer.report('first-paint', 'first-contentful-paint');
    expect(await settled(painted)).toBe(true);
    expect(observer.disconnected).toBe(true);
  });

  it('asks for paints already reported, since the frame may have been shown before it asks', () => {
    void afterFirstPaint();
    expect(FakeObserver.instances[0]!.observed).toEqual([{ type: 'paint', buffered: true }]);
  });

  it('does not wait in a tab that is not visible, which does not paint', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(await settled(afterFirstPaint())).toBe(true);
    expect(FakeObserver.instances).toHaveLength(0);
  });

  it('goes on when the tab is hidden before it painted', async () => {
    const painted = afterFirstPaint();
    expect(await settled(painted)).toBe(false);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(painted)).toBe(true);
    expect(FakeObserver.instances[0]!.disconnected).toBe(true);
  });

  it('goes on without a paint after the wait, so a page that never paints still loads', async () => {
    vi.useFakeTimers();
    const painted = afterFirstPaint();
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1);
    expect(await settled(painted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(painted)).toBe(true);
  });

  it('waits a frame and a task where the browser reports no paints', async () => {
    FakeObserver.supportedEntryTypes = ['mark'];
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const painted = afterFirstPaint();
    expect(await settled(painted)).toBe(false);
    // A frame is 16 ms to the fake clock; the task after it, a timer of 0.
    await vi.advanceTimersByTimeAsync(20);
    expect(await settled(painted)).toBe(true);
    expect(FakeObserver.instances).toHaveLength(0);
  });

  it('goes on when the tab is hidden before that frame, where the browser reports no paints', async () => {
    FakeObserver.supportedEntryTypes = ['mark'];
    // A hidden tab runs no frames: the frame never comes.
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const painted = afterFirstPaint();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(painted)).toBe(true);
  });
});
