import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await startTestApp();
  proxied = await startTestApp({ TRUST_PROXY: 'true', DEV_TOOLS: 'false' });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

const health = (t: TestApp, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: '/api/health', headers });

describe('security headers', () => {
  it('sends no HSTS over plain HTTP', async () => {
    const res = await health(direct);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const res = await health(direct, { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const https = await health(proxied, { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    const http = await health(proxied, { 'x-forwarded-proto': 'http' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it("forbids framing in X-Frame-Options as frame-ancestors 'none' does", async () => {
    const res = await health(direct);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it("gives an API answer a policy that lets it load and run nothing, not the page's", async () => {
    const res = await health(direct);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // The page's own headers (COOP, the DNS prefetch switch and the like) mean nothing for JSON.
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(res.headers['origin-agent-cluster']).toBeUndefined();
  });
});
