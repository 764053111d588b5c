import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // Dev tools behind a proxy are refused at start unless forced (see config.test.ts).
  proxied = await startTestApp({ TRUST_PROXY: 'true', DEV_TOOLS_ALLOW_REMOTE: 'true' });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

describe('the dev outbox holds reset codes, so it answers this machine only', () => {
  it('serves a loopback client, over IPv4 and IPv6', async () => {
    const user = await signupAndLogin(t);
    await t.request({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email: user.email },
    });
    await t.app.services.passwordReset.settled();
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const api = await t.request({ method: 'GET', url: '/api/dev/outbox', remoteAddress });
      expect(api.statusCode, remoteAddress).toBe(200);
      expect(JSON.stringify(api.json().data)).toContain(user.email);
    }
  });

  it('is a 404 for any other address, like a path that does not exist', async () => {
    for (const url of ['/api/dev/outbox', '/dev/outbox']) {
      for (const remoteAddress of [
        '203.0.113.7',
        '10.0.0.2',
        '::ffff:192.168.1.5',
        '2001:db8::1',
      ]) {
        const res = await t.request({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(res.body).not.toMatch(/code is/);
      }
    }
  });

  it('refuses a request a proxy forwarded, even from a loopback socket', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/dev/outbox',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a loopback client that asked for another host name (DNS rebinding)', async () => {
    // A page of attacker.example re-pointed at 127.0.0.1 reads as the developer's own browser.
    for (const host of [
      'attacker.example:3000',
      'attacker.example',
      '10.0.0.2:3000',
      'localhost.attacker.example',
    ]) {
      const res = await t.request({ method: 'GET', url: '/api/dev/outbox', headers: { host } });
      expect(res.statusCode, host).toBe(404);
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', '127.0.0.1']) {
      const res = await t.request({ method: 'GET', url: '/api/dev/outbox', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it('cannot be reached by writing X-Forwarded-For: 127.0.0.1 when proxies are trusted', async () => {
    const res = await proxied.request({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(404);
  });
});
