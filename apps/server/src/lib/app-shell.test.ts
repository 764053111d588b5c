import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultscope-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await startTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the web app', () => {
  it.each(['/', '/home', '/Forgot-Password', '/details/0xabc?chainName=eth', '/no-such-page'])(
    'serves index.html for %s so deep links and reloads work',
    async (url) => {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('sends a strict Content-Security-Policy with no inline or third-party scripts', async () => {
    const res = await t.request({ method: 'GET', url: '/home' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('caches hashed assets for good, with the security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('answers HEAD on app paths like GET, for health checks', async () => {
    const res = await t.request({ method: 'HEAD', url: '/home' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers a missing asset with 404, never the app HTML', async () => {
    for (const url of ['/assets/app-old999.js', '/favicon-missing.svg']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('answers unknown API paths with a JSON 404, not the app', async () => {
    for (const url of ['/api/nope', '/wallet/nope', '/check-token/x/y']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toContain('not found');
    }
    expect((await t.request({ method: 'POST', url: '/home' })).statusCode).toBe(404);
  });
});

describe('infrastructure routes', () => {
  it('reports health with the database kind', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
      // The snapshot is loaded once, not on a schedule: never stale, never failing.
      research: {
        provider: 'snapshot',
        sources: ['dex', 'cex', 'security'].map((kind) => ({
          kind,
          provider: null,
          lastSyncedAt: null,
          items: null,
          intervalSeconds: null,
          stale: false,
          failing: false,
          lastFailureAt: null,
          consecutiveFailures: 0,
        })),
      },
      // Loaded (empty here) before the test app is handed over.
      detailModel: 'loaded',
    });
  });

  it('serves an OpenAPI document of every route, generated from the schemas', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of [
      '/api/user/signup',
      '/api/user/login',
      '/api/user/logout',
      '/api/user/profile',
      '/api/user/forgot-password',
      '/api/user/verify-reset-code',
      '/api/user/reset-password',
      '/api/notifications',
      '/api/notifications/{id}',
      '/api/health',
    ]) {
      expect(doc.paths, route).toHaveProperty([route]);
    }
    const signupBody =
      doc.paths['/api/user/signup'].post.requestBody.content['application/json'].schema;
    expect(signupBody.required).toEqual(
      expect.arrayContaining([
        'firstName',
        'lastName',
        'email',
        'mobile',
        'country',
        'password',
        'confirmPassword',
      ]),
    );
  });

  it('allows no other origin unless configured', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const open = await startTestApp({ CORS_ORIGINS: 'https://app.vaultscope.example' });
    try {
      const ok = await open.request({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://app.vaultscope.example' },
      });
      expect(ok.headers['access-control-allow-origin']).toBe('https://app.vaultscope.example');
    } finally {
      await open.close();
    }
  });
});

describe('secrets in logs', () => {
  it('never writes passwords, session tokens, reset codes or reset tokens to the log', async () => {
    const user = await signupAndLogin(t, {
      password: 'sup3r-secret-pa55',
      confirmPassword: 'sup3r-secret-pa55',
    });
    await t.request({ method: 'GET', url: '/api/user/me', headers: user.auth });
    await t.request({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: user.email, password: 'wrong-secret-pa55' },
    });
    await t.request({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email: user.email },
    });
    await t.app.services.passwordReset.settled(); // the code is mailed after the answer
    const outbox = (await t.request({ method: 'GET', url: '/api/dev/outbox' })).json().data as {
      text: string;
    }[];
    const code = outbox[0]?.text.match(/code is (\d{4})/)?.[1] ?? '';
    expect(code).toMatch(/^\d{4}$/);
    const verified = await t.request({
      method: 'POST',
      url: '/api/user/verify-reset-code',
      payload: { email: user.email, code },
    });
    const { resetToken } = verified.json().data;
    await t.request({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { resetToken, password: 'n3w-secret-pa55', confirmPassword: 'n3w-secret-pa55' },
    });
    // Force a handled and an unhandled error path to be logged too.
    await t.request({
      method: 'POST',
      url: '/api/user/logout',
      headers: { authorization: `Bearer ${user.token}` },
    });

    const logs = t.logs();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('/api/user/login');
    for (const secret of [
      'sup3r-secret-pa55',
      'wrong-secret-pa55',
      'n3w-secret-pa55',
      user.token,
      resetToken,
    ]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toMatch(new RegExp(`code is ${code}`));
  });
});

describe('configuration', () => {
  it('starts with defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.MAIL_TRANSPORT).toBe('outbox');
    expect(config.DEV_TOOLS).toBe(true);
  });

  it('explains every bad setting at once', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' }),
    ).toThrowError(/PORT[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrowError(
      /DATABASE_URL: DATABASE_URL must be a URL/,
    );
  });

  it('needs SMTP_URL for the smtp transport', () => {
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrowError(/SMTP_URL/);
  });

  it('turns dev tools off in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).DEV_TOOLS).toBe(false);
  });

  it('refuses the wallet crash test aid in production', () => {
    expect(loadConfig({ NODE_ENV: 'test', WALLET_CRASH_AT: 'afterSign' }).WALLET_CRASH_AT).toBe(
      'afterSign',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', WALLET_CRASH_AT: 'afterSign' })).toThrowError(
      /WALLET_CRASH_AT: a test aid/,
    );
  });
});
