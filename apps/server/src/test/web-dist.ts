import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const INDEX =
  '<!doctype html><html><head><title>Vaultscope</title></head><body><div id="root"></div></body></html>';
/** The build's marker for the path's address in the detail pages' frame. */
export const ADDRESS_MARKER = '__vaultscope_param_tokenAddress__';

/**
 * A built web app as small as the server reads it: index.html and the two token detail pages'
 * frames (`.vite/route-preload.json`), so a test's app serves detail pages with their data
 * block. Returns its folder; the caller removes it.
 */
export function writeDetailWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultscope-page-data-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  const frame = `<p>Loading token details...</p><dd>${ADDRESS_MARKER}</dd>`;
  fs.writeFileSync(
    path.join(dir, '.vite', 'route-preload.json'),
    JSON.stringify({
      routes: ['/details/:tokenAddress', '/newdetail/:tokenAddress'].map((route) => ({
        path: route,
        scripts: ['/assets/detail-c3.js'],
        styles: [],
        html: frame,
        params: { tokenAddress: ADDRESS_MARKER },
      })),
    }),
  );
  return dir;
}
