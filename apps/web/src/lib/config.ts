/**
 * The one place that reads the build environment (house style: config in one validated module).
 * The API is served from the same origin as the app, so the default base is empty.
 */
function readApiBase(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return '';
  const trimmed = value.trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s]+$/.test(trimmed)) {
    throw new Error(`VITE_API_BASE_URL must be an http(s) URL, got "${value}"`);
  }
  return trimmed;
}

export const config = {
  /** Prefix for API calls; empty means same origin (the server serves the app and the API). */
  apiBaseUrl: readApiBase(import.meta.env.VITE_API_BASE_URL),
  isDev: import.meta.env.DEV,
} as const;
