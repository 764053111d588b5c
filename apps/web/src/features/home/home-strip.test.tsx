import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { DRAW_WAIT_MS, HomeStrip, whenDrawn } from './home-strip';

const HEADING_ID = 'top-gainers-heading';
const RESEARCH_ID = 'token-research';

/** Home's research section as the page holds it before the lists are drawn: an empty place. */
function researchSection(): HTMLElement {
  const section = document.createElement('section');
  section.id = RESEARCH_ID;
  document.body.append(section);
  return section;
}

/** The lists' heading, drawn into `section` as the lists would draw it. */
async function drawHeading(section: HTMLElement): Promise<HTMLElement> {
  const heading = document.createElement('h2');
  heading.id = HEADING_ID;
  heading.tabIndex = -1;
  heading.textContent = 'Top Gainers';
  // The MutationObserver reports in a microtask.
  await act(async () => {
    section.append(heading);
    await Promise.resolve();
  });
  return heading;
}

const jumpButton = () => screen.getByRole('button', { name: 'Top Gainers' });

const { scrollIntoView } = Element.prototype;
const { matchMedia } = window;

describe("Home strip's jump to the lists", () => {
  let scrolled: HTMLElement[];
  beforeEach(() => {
    scrolled = [];
    // jsdom lays nothing out: the test records what was scrolled into view.
    Element.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this);
    };
    window.matchMedia = vi.fn().mockReturnValue({ matches: false });
    renderRoute(<HomeStrip topGainersHeadingId={HEADING_ID} researchId={RESEARCH_ID} />);
  });
  afterEach(() => {
    vi.useRealTimers();
    document.getElementById(RESEARCH_ID)?.remove();
    Element.prototype.scrollIntoView = scrollIntoView;
    window.matchMedia = matchMedia;
  });

  it('jumps to the heading at once when the lists are drawn', async () => {
    const heading = await drawHeading(researchSection());
    fireEvent.click(jumpButton());
    expect(scrolled).toEqual([heading]);
    expect(document.activeElement).toBe(heading);
  });

  it('brings the lists’ place into view, then lands on the heading once it is drawn', async () => {
    const section = researchSection();
    fireEvent.click(jumpButton());
    expect(scrolled).toEqual([section]);
    const heading = await drawHeading(section);
    expect(scrolled).toEqual([section, heading]);
    expect(document.activeElement).toBe(heading);
  });

  it('gives way to a user who moves on before the lists are drawn', async () => {
    const section = researchSection();
    fireEvent.click(jumpButton());
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    const heading = await drawHeading(section);
    expect(scrolled).toEqual([section]);
    expect(document.activeElement).not.toBe(heading);
  });

  it('waits once however often it is pressed', async () => {
    const section = researchSection();
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    fireEvent.click(jumpButton());
    fireEvent.click(jumpButton());
    const heading = await drawHeading(section);
    expect(scrolled).toEqual([section, section, heading]);
    expect(focus).toHaveBeenCalledTimes(1);
    focus.mockRestore();
  });

  it('gives up after its wait', async () => {
    vi.useFakeTimers();
    const section = researchSection();
    fireEvent.click(jumpButton());
    await act(() => vi.advanceTimersByTimeAsync(DRAW_WAIT_MS));
    vi.useRealTimers();
    await drawHeading(section);
    expect(scrolled).toEqual([section]);
  });

  it('gives up once the section has left the page, before anything else is drawn', async () => {
    const section = researchSection();
    const drawn = whenDrawn(HEADING_ID, section, new AbortController().signal);
    // Another page takes Home's place (DEX holds a heading with that id): no timer runs here.
    await act(async () => {
      section.remove();
      await Promise.resolve();
    });
    await expect(drawn).resolves.toBeNull();
  });
});
