import { ROUTE_SCRIPTS_ID } from '@vaultscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startRouteDownloads } from './route-prefetch';

const LINKS =
  '<link rel="modulepreload" crossorigin href="/assets/screen-a1.js">' +
  '<link rel="modulepreload" crossorigin href="/assets/schemas-b2.js">';

describe('startRouteDownloads', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("moves a detail's held modulepreload links into the head, where they fetch", () => {
    document.head.innerHTML = `<title>t</title><template id="${ROUTE_SCRIPTS_ID}">${LINKS}</template>`;
    // Inert while in the template: not part of the document, so not fetched.
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    startRouteDownloads();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link')];
    expect(links.map((link) => [link.rel, link.getAttribute('href'), link.crossOrigin])).toEqual([
      ['modulepreload', '/assets/screen-a1.js', ''],
      ['modulepreload', '/assets/schemas-b2.js', ''],
    ]);
    // A second call (none is made, but a page must not fetch twice) finds nothing left to move.
    startRouteDownloads();
    expect(document.head.querySelectorAll('link')).toHaveLength(2);
  });

  it('leaves a page without held links as it is', () => {
    document.head.innerHTML = '<title>t</title>';
    startRouteDownloads();
    expect(document.head.innerHTML).toBe('<title>t</title>');
  });
});
