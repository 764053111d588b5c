/** Business constants of spec section 9, in milliseconds unless named otherwise. */
export const timings = {
  requestTimeoutMs: 60_000,
  loginRedirectMs: 1000,
  signupRedirectMs: 1000,
  logoutDelayMs: 300,
  forgotPasswordDelayMs: 700,
  resetDelayMs: 800,
  cexSampleDelayMs: 1000,
  toastMs: 2000,
  storePersistTimeoutMs: 5000,
  otpCountdownSeconds: 39,
} as const;

/** Browser storage keys of spec section 3. */
export const storageKeys = {
  root: 'root',
  userId: 'userId',
  token: 'token',
  passwordVerified: 'passwordVerified',
  tokenAddress: 'token-address',
  tokenData: 'token-data',
  rememberedEmail: 'rememberedEmail',
  rememberedPassword: 'rememberedPassword',
} as const;
