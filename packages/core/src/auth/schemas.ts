import { z } from 'zod';
import { plainText } from '../text';
import { authMessages } from './messages';
import { deviceTokenSchema, userSchema } from './session-schemas';

const email = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((value) => value.toLowerCase());

const requiredText = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .check(plainText(label))
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/**
 * Passwords are never trimmed: every character the user typed counts. A new one is plain text
 * too; the one given at login is only ever hashed and compared, so any text is simply wrong.
 */
const newPassword = z
  .string({ error: 'Password is required.' })
  .check(plainText('Password'))
  .min(1, 'Password is required.')
  .min(8, authMessages.passwordTooShort)
  .max(256, 'Password must be at most 256 characters.');

const mobile = z
  .string({ error: 'Mobile is required.' })
  .trim()
  .min(1, 'Mobile is required.')
  .regex(/^\+?[0-9 ()-]{5,20}$/, 'Enter a valid mobile number.');

const country = requiredText('Country', 60);

export const signupRequestSchema = z
  .object({
    firstName: requiredText('First name'),
    lastName: requiredText('Last name'),
    email,
    mobile,
    country,
    password: newPassword,
    confirmPassword: z
      .string({ error: 'Confirm password is required.' })
      .min(1, 'Confirm password is required.'),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email,
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(256),
  /** Optional: the spec's `{email, password}` still works, as a new device. */
  deviceToken: deviceTokenSchema.optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * Login answer: spec section 7 (`data.user._id`, `data.status`) plus our session token and the
 * device token to keep and send at the next login.
 */
export const loginResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    user: userSchema,
    status: z.boolean(),
    token: z.string(),
    deviceToken: deviceTokenSchema.optional(),
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const signupResponseSchema = z.object({
  message: z.string(),
  data: z.object({ user: userSchema }),
});

export const forgotPasswordRequestSchema = z.object({ email });

export const verifyResetCodeRequestSchema = z.object({
  email,
  code: z.string({ error: 'Code is required.' }).regex(/^[0-9]{4}$/, 'The code is 4 digits.'),
});
export const verifyResetCodeResponseSchema = z.object({
  message: z.string(),
  data: z.object({ resetToken: z.string() }),
});

export const resetPasswordRequestSchema = z
  .object({
    resetToken: z
      .string({ error: 'Reset token is required.' })
      .check(plainText('Reset token'))
      .min(1, 'Reset token is required.')
      .max(200),
    password: newPassword,
    confirmPassword: z
      .string({ error: 'Confirm password is required.' })
      .min(1, 'Confirm password is required.'),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const profileSchema = z.object({
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  mobile,
  country,
});
export type ProfileUpdate = z.input<typeof profileSchema>;

export const profileResponseSchema = z.object({
  message: z.string(),
  data: z.object({ user: userSchema }),
});

export const messageResponseSchema = z.object({ message: z.string() });

/** Error body of every failed call (spec section 8 reads `message`, then `errors`). */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export const outboxResponseSchema = z.object({ data: z.array(outboxMailSchema) });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const meResponseSchema = z.object({ data: z.object({ user: userSchema }) });
