/**
 * A transaction link the app may open: an explorer's http(s) URL, or the app's own path
 * (`/tx/<chainId>/<hash>`, for local chains). Anything else (`javascript:`, `//host`) is
 * not opened.
 */
export function openableLink(link: string): string | undefined {
  if (/^https?:\/\//i.test(link)) return link;
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  return undefined;
}
