import { describe, expect, it } from 'vitest';
import { authMessages } from './messages';
import { loginRequestSchema, signupRequestSchema } from './schemas';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: ' Ada@Example.COM ',
  mobile: '+1 555 0100',
  country: 'Canada',
  password: 'correct horse',
  confirmPassword: 'correct horse',
};

describe('signup schema', () => {
  it('normalises the email and keeps the password as typed', () => {
    const parsed = signupRequestSchema.parse({
      ...valid,
      password: ' spaced pass ',
      confirmPassword: ' spaced pass ',
    });
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.password).toBe(' spaced pass ');
  });

  it('reports mismatched passwords on confirmPassword with the spec message', () => {
    const result = signupRequestSchema.safeParse({ ...valid, confirmPassword: 'other' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: authMessages.passwordsDoNotMatch,
    });
  });
});

describe('login schema', () => {
  it('requires both fields', () => {
    const result = loginRequestSchema.safeParse({});
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Email is required.',
      'Password is required.',
    ]);
  });

  it("keeps the spec's {email, password} working and checks an optional device token", () => {
    const spec = { email: 'a@b.co', password: 'x' };
    expect(loginRequestSchema.parse(spec)).toEqual(spec);
    const token = 'abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJKLMN-0';
    expect(loginRequestSchema.parse({ ...spec, deviceToken: token }).deviceToken).toBe(token);
    const bad = loginRequestSchema.safeParse({ ...spec, deviceToken: 'not one' });
    expect(bad.error?.issues[0]?.message).toMatch(/device token/);
  });
});
