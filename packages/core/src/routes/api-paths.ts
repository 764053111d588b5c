/**
 * Paths of the product API. Spec section 7 paths are kept exactly; the ones it leaves open
 * follow the same style under `/api/...`.
 */
export const apiPaths = {
  health: '/api/health',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
  login: '/api/user/login',
  signup: '/api/user/signup',
  logout: '/api/user/logout',
  me: '/api/user/me',
  forgotPassword: '/api/user/forgot-password',
  verifyResetCode: '/api/user/verify-reset-code',
  resetPassword: '/api/user/reset-password',
  profile: '/api/user/profile',
  notifications: '/api/notifications',
  notification: (id: string) => `/api/notifications/${encodeURIComponent(id)}`,
  devOutbox: '/api/dev/outbox',
} as const;

/** Path prefixes served by the API (the rest is the web app). Used by the dev proxy. */
export const API_PREFIXES = [
  '/api',
  '/wallet',
  '/check-token',
  '/fetch-top',
  '/new-pools',
  '/get-token-details',
  '/get-all-favouruites',
] as const;
