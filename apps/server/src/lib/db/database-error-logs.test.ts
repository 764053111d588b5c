import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainErrorText } from '../../wallet/chain-errors';
import { newSignup, signupAndLogin, startTestApp, type TestApp } from '../../test/test-app';

/**
 * A database error is logged by what names it (SQLSTATE, constraint, table), never by the
 * values of its query: drizzle's message and `params`, PGlite's `params`, and PostgreSQL's
 * `detail` (`Failing row contains (…)`) would otherwise put names, emails and argon2id hashes
 * in the log. Runs on PGlite and, in the postgres project, on node-postgres' error shape.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // A rule the application does not know about, so that a valid request fails in the database
  // with a constraint error that echoes the whole row.
  await t.app.db.handle.db.execute(
    sql`alter table users add constraint test_no_forbidden_name check (last_name <> 'Forbidden-Qx7')`,
  );
});
afterAll(() => t.close());

const errorLines = () =>
  t
    .logs()
    .split('\n')
    .filter((line) => line.includes('"level":50'));

describe('database errors in logs', () => {
  it('a failed signup logs the SQLSTATE and constraint, not the email, names or password hash', async () => {
    const body = newSignup({ firstName: 'Zebedee-Unq4', lastName: 'Forbidden-Qx7' });
    const before = errorLines().length;
    const res = await t.request({ method: 'POST', url: '/api/user/signup', payload: body });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong, please try again' });
    const lines = errorLines().slice(before);
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? '';
    expect(line).toContain('"code":"23514"');
    expect(line).toContain('"constraint":"test_no_forbidden_name"');
    expect(line).toContain('"table":"users"');
    for (const value of [body.email, 'Zebedee-Unq4', 'Forbidden-Qx7', '$argon2id', 'params'])
      expect(line).not.toContain(value);
    expect(line).not.toMatch(/Failing row|"detail"/);
  });

  it('a failed profile update logs no profile data or user id', async () => {
    const user = await signupAndLogin(t, { mobile: '+1 555 0199' });
    const before = errorLines().length;
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/profile',
      headers: user.auth,
      payload: {
        firstName: 'Quilla-Unq5',
        lastName: 'Forbidden-Qx7',
        mobile: '+44 20 7946 0958',
        country: 'Narnia-Unq6',
      },
    });
    expect(res.statusCode).toBe(500);
    const line = errorLines().slice(before).join('\n');
    expect(line).toContain('"code":"23514"');
    for (const value of ['Quilla-Unq5', 'Narnia-Unq6', '7946 0958', user.userId])
      expect(line).not.toContain(value);
  });

  it('a value PostgreSQL quotes in its message is cut out of the logged message', async () => {
    const secret = 'not-a-uuid-Secret9';
    const error = await t.app.db.handle.db.execute(sql`select ${secret}::uuid as id`).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    t.app.log.error({ err: error }, 'probe');
    const line = errorLines().find((entry) => entry.includes('"msg":"probe"')) ?? '';
    expect(line).toContain('"code":"22P02"');
    expect(line).toContain('invalid input syntax for type uuid');
    expect(line).not.toContain('Secret9');
    // The thrown error itself is untouched: code that catches it still sees everything.
    expect(String((error as Error).message)).toContain('Secret9');
  });

  it('the short error text the wallet logs for a failed step has no query values either', async () => {
    const error = await t.app.db.handle.db
      .execute(sql`select ${'not-a-uuid-Secret10'}::uuid as id`)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    const text = chainErrorText(error);
    expect(text).toContain('invalid input syntax for type uuid');
    expect(text).not.toContain('Secret10');
  });
});
