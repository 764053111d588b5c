import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@vaultscope/core';
import {
  RESET_CODE_SPACE,
  RESET_CODE_TTL_MS,
  RESET_TOKEN_TTL_MS,
  RESET_WRONG_CODES_PER_DAY,
  RESET_WRONG_CODES_WINDOW_MS,
} from './password-reset';
import { THROTTLE_RULES } from './throttle';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip = '10.9.0.1') =>
  t.request({ method: 'POST', url, payload, remoteAddress: ip });

async function outbox(): Promise<{ to: string; subject: string; text: string }[]> {
  // Codes are mailed after the answer: wait for mail on its way.
  await t.app.services.passwordReset.settled();
  return (await t.request({ method: 'GET', url: '/api/dev/outbox' })).json().data;
}

async function latestCodeFor(email: string): Promise<string> {
  const mail = (await outbox()).find((m) => m.to === email);
  const code = mail?.text.match(/code is (\d{4})/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('password reset', () => {
  it('mails a code, verifies it, changes the password and ends every session', async () => {
    const user = await signupAndLogin(t);
    const requested = await post('/api/user/forgot-password', { email: user.email });
    expect(requested.statusCode).toBe(200);
    expect(requested.json().message).toBe(authMessages.resetCodeSent);
    const code = await latestCodeFor(user.email);

    const verified = await post('/api/user/verify-reset-code', { email: user.email, code });
    expect(verified.statusCode).toBe(200);
    const { resetToken } = verified.json().data;

    const reset = await post('/api/user/reset-password', {
      resetToken,
      password: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(authMessages.resetDone);

    expect(
      (await t.request({ method: 'GET', url: '/api/user/me', headers: user.auth })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/user/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/user/login', { email: user.email, password: 'a brand new secret' }))
        .statusCode,
    ).toBe(200);
  });

  it('answers an unknown email exactly like a known one, and mails nothing', async () => {
    const before = (await outbox()).length;
    const res = await post('/api/user/forgot-password', { email: 'nobody-here@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(authMessages.resetCodeSent);
    expect((await outbox()).length).toBe(before);
  });

  it('refuses a code after it expires', async () => {
    const user = await signupAndLogin(t);
    await post('/api/user/forgot-password', { email: user.email });
    const code = await latestCodeFor(user.email);
    t.clock.advance(RESET_CODE_TTL_MS + 1000);
    const res = await post('/api/user/verify-reset-code', { email: user.email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(authMessages.resetCodeExpired);
  });

  it(`refuses codes after ${RESET_WRONG_CODES_PER_DAY} wrong ones, even the right one`, async () => {
    const user = await signupAndLogin(t);
    await post('/api/user/forgot-password', { email: user.email });
    const code = await latestCodeFor(user.email);
    for (let i = 0; i < RESET_WRONG_CODES_PER_DAY - 1; i += 1) {
      const res = await post(
        '/api/user/verify-reset-code',
        { email: user.email, code: wrongCode(code) },
        `10.9.1.${i}`,
      );
      expect(res.json().message).toBe(authMessages.resetCodeInvalid);
    }
    const last = await post(
      '/api/user/verify-reset-code',
      { email: user.email, code: wrongCode(code) },
      '10.9.2.1',
    );
    expect(last.json().message).toBe(authMessages.resetCodesPaused);
    const right = await post(
      '/api/user/verify-reset-code',
      { email: user.email, code },
      '10.9.2.2',
    );
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(authMessages.resetCodesPaused);
  });

  it('gives parallel guesses no more tries than sequential ones', async () => {
    const user = await signupAndLogin(t);
    await post('/api/user/forgot-password', { email: user.email });
    const code = await latestCodeFor(user.email);
    // Sixty other codes at once, from many addresses: all but the cap are refused unread.
    const guesses = Array.from({ length: 60 }, (_, i) =>
      String((Number(code) + 1 + i) % 10_000),
    ).map((guess) => guess.padStart(4, '0'));
    const answers = await Promise.all(
      guesses.map((guess, i) =>
        post('/api/user/verify-reset-code', { email: user.email, code: guess }, `10.9.3.${i}`),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    const invalid = answers.filter(
      (answer) => answer.json().message === authMessages.resetCodeInvalid,
    );
    expect(invalid.length).toBe(RESET_WRONG_CODES_PER_DAY - 1);
    const right = await post(
      '/api/user/verify-reset-code',
      { email: user.email, code },
      '10.9.4.1',
    );
    expect(right.json().message).toBe(authMessages.resetCodesPaused);
  });

  it('a new code replaces the earlier one', async () => {
    const user = await signupAndLogin(t);
    await post('/api/user/forgot-password', { email: user.email });
    const first = await latestCodeFor(user.email);
    await post('/api/user/forgot-password', { email: user.email });
    const second = await latestCodeFor(user.email);
    if (first !== second) {
      expect(
        (await post('/api/user/verify-reset-code', { email: user.email, code: first })).statusCode,
      ).toBe(400);
    }
    expect(
      (await post('/api/user/verify-reset-code', { email: user.email, code: second })).statusCode,
    ).toBe(200);
  });

  it('a reset token works once and expires', async () => {
    const user = await signupAndLogin(t);
    await post('/api/user/forgot-password', { email: user.email });
    const code = await latestCodeFor(user.email);
    const { resetToken } = (
      await post('/api/user/verify-reset-code', { email: user.email, code })
    ).json().data;
    const body = {
      resetToken,
      password: 'another new secret',
      confirmPassword: 'another new secret',
    };
    expect((await post('/api/user/reset-password', body)).statusCode).toBe(200);
    expect((await post('/api/user/reset-password', body)).statusCode).toBe(400);

    await post('/api/user/forgot-password', { email: user.email });
    const code2 = await latestCodeFor(user.email);
    const token2 = (
      await post('/api/user/verify-reset-code', { email: user.email, code: code2 })
    ).json().data.resetToken;
    t.clock.advance(RESET_TOKEN_TTL_MS + 1000);
    const late = await post('/api/user/reset-password', { ...body, resetToken: token2 });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(authMessages.resetCodeExpired);
  });

  it.each([
    ['/api/user/forgot-password', { email: 'nope' }, 'Enter a valid email address.'],
    ['/api/user/verify-reset-code', { email: 'a@b.co', code: '12a4' }, 'The code is 4 digits.'],
    ['/api/user/verify-reset-code', { email: 'a@b.co', code: '12345' }, 'The code is 4 digits.'],
    [
      '/api/user/reset-password',
      { resetToken: 'x', password: 'long enough 1', confirmPassword: 'long enough 2' },
      authMessages.passwordsDoNotMatch,
    ],
    [
      '/api/user/reset-password',
      { resetToken: 'x', password: 'short', confirmPassword: 'short' },
      authMessages.passwordTooShort,
    ],
  ])('%s validates %j', async (url, payload, message) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('throttles repeated code requests for one account', async () => {
    const user = await signupAndLogin(t);
    for (let i = 0; i < THROTTLE_RULES.resetRequestPerAccount.limit; i += 1) {
      expect(
        (await post('/api/user/forgot-password', { email: user.email }, `10.9.3.${i}`)).statusCode,
      ).toBe(200);
    }
    const blocked = await post('/api/user/forgot-password', { email: user.email }, '10.9.4.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(authMessages.tooManyAttempts);
  });
});

describe('a password reset and login throttling', () => {
  it('lets the owner in on a new device although the account ceiling was used up, and forgets known devices', async () => {
    const user = await signupAndLogin(t);
    const { deviceToken } = (
      await post('/api/user/login', { email: user.email, password: user.password })
    ).json().data;
    const burn = async (prefix: string) => {
      for (let i = 0; i < THROTTLE_RULES.loginPerAccount.limit; i += 1)
        await post('/api/user/login', { email: user.email, password: 'a guess' }, `${prefix}.${i}`);
    };
    await burn('10.60.0');
    await post('/api/user/forgot-password', { email: user.email }, '10.60.1.1');
    const code = await latestCodeFor(user.email);
    const { resetToken } = (
      await post('/api/user/verify-reset-code', { email: user.email, code }, '10.60.1.1')
    ).json().data;
    const password = 'the owner is back in';
    await post('/api/user/reset-password', { resetToken, password, confirmPassword: password });
    expect(
      (await post('/api/user/login', { email: user.email, password }, '10.60.1.2')).statusCode,
    ).toBe(200);

    // A device made with the old password is a stranger's now: it no longer passes the ceiling.
    await burn('10.60.2');
    expect(
      (await post('/api/user/login', { email: user.email, password, deviceToken }, '10.60.3.1'))
        .statusCode,
    ).toBe(429);
  });
});

describe('guessing reset codes of one account', () => {
  it('stays under 1 chance in 2,000 a day: k guesses at uniform codes win with at most k/(N-k)', () => {
    const k = RESET_WRONG_CODES_PER_DAY;
    expect(RESET_CODE_SPACE).toBe(10 ** 4);
    expect(k / (RESET_CODE_SPACE - k)).toBeLessThan(1 / 2000);
    expect((k + 1) / (RESET_CODE_SPACE - k - 1)).toBeGreaterThan(1 / 2000);
  });

  it('compares four wrong codes a day at most, across fresh codes and many addresses, and mails the owner once', async () => {
    const user = await signupAndLogin(t);
    const verify = (code: string, ip: string) =>
      post('/api/user/verify-reset-code', { email: user.email, code }, ip);
    const messages: string[] = [];
    // Fresh code after fresh code, each tried from three new addresses: the old limits (five
    // tries a code, twenty an address) allowed all eighteen guesses.
    for (let round = 0; round < 6; round += 1) {
      await post('/api/user/forgot-password', { email: user.email }, `10.20.${round}.1`);
      const code = await latestCodeFor(user.email);
      for (let a = 0; a < 3; a += 1)
        messages.push((await verify(wrongCode(code), `10.21.${round}.${a}`)).json().message);
      t.clock.advance(16 * 60_000);
    }
    expect(messages.filter((m) => m === authMessages.resetCodeInvalid)).toHaveLength(
      RESET_WRONG_CODES_PER_DAY - 1,
    );
    expect(messages[RESET_WRONG_CODES_PER_DAY - 1]).toBe(authMessages.resetCodesPaused);
    expect(
      messages
        .slice(RESET_WRONG_CODES_PER_DAY - 1)
        .every((m) => m === authMessages.resetCodesPaused),
    ).toBe(true);

    const warnings = (await outbox()).filter(
      (mail) => mail.to === user.email && mail.subject.includes('paused'),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.text).toContain(`${RESET_WRONG_CODES_PER_DAY} wrong password reset codes`);

    // The count is of the last 24 hours: the right code of a fresh request is refused until
    // the first wrong code is a day old, then accepted.
    await post('/api/user/forgot-password', { email: user.email }, '10.22.0.1');
    const code = await latestCodeFor(user.email);
    expect((await verify(code, '10.22.0.2')).json().message).toBe(authMessages.resetCodesPaused);
    t.clock.advance(RESET_WRONG_CODES_WINDOW_MS + RESET_CODE_TTL_MS - 6 * 16 * 60_000 + 1000);
    await post('/api/user/forgot-password', { email: user.email }, '10.22.0.3');
    const later = await latestCodeFor(user.email);
    const accepted = await verify(later, '10.22.0.4');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.resetToken).toBeTruthy();
  });
});

describe('the dev outbox', () => {
  it('is a page the developer can read', async () => {
    const user = await signupAndLogin(t);
    await post('/api/user/forgot-password', { email: user.email }, '10.9.5.1');
    await t.app.services.passwordReset.settled();
    const page = await t.request({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(user.email);
    expect(page.body).toMatch(/code is \d{4}/);
    // The page's policy, which lets its inline style apply (an API answer's forbids it).
    expect(String(page.headers['content-security-policy'])).toContain(
      "style-src 'self' 'unsafe-inline'",
    );
  });

  it('does not exist in production', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production' });
    try {
      expect((await prod.request({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
      expect((await prod.request({ method: 'GET', url: '/dev/outbox' })).statusCode).not.toBe(200);
    } finally {
      await prod.close();
    }
  });
});
