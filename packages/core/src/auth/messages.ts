/** User-facing texts of the account screens (spec section 8), in one place for web and server. */
export const authMessages = {
  loginSuccess: 'User login successfully',
  invalidCredentials: 'Invalid Credentials',
  loginFailed: 'Something went wrong, please try again',
  noUserId: 'User ID not found in response data',
  signupSuccess: 'Account created successfully!',
  signupFailed: 'Signup failed, please try again',
  emailTaken: 'An account with this email already exists.',
  passwordsDoNotMatch: 'Passwords do not match!',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordUpdateFailed: 'Failed to update password!',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  loggedOut: 'Logged out',
  sessionExpired: 'Your session has ended. Please log in again.',
  resetCodeSent: 'If an account exists for this email, we sent it a 4-digit code.',
  resetCodeInvalid: 'The code is not correct. Check your email and try again.',
  resetCodeExpired: 'The code has expired. Request a new one.',
  resetCodeLocked: 'Too many wrong codes. Request a new one.',
  resetCodesPaused:
    'Too many wrong codes for this account. Reset codes are paused for up to 24 hours.',
  resetDone: 'Your password has been reset successfully',
  profileUpdated: 'Profile updated successfully',
  welcome: (firstName: string) => `Welcome to Vaultscope, ${firstName}! Your account is ready.`,
  profileUpdatedNotification: 'Your profile has been updated.',
} as const;

export const COUNTRIES = ['Pakistan', 'United States', 'Canada', 'UK'] as const;
