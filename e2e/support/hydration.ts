import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Waits until React has hydrated the page's prerendered frame (its nodes carry React's fiber
 * keys then). Before that, the frame is the HTML as the server sent it, and a check that
 * something is not drawn yet would pass whatever the app does.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.getElementById('root')?.firstElementChild;
        return root ? Object.keys(root).some((key) => key.startsWith('__reactFiber')) : false;
      }),
    )
    .toBe(true);
}
