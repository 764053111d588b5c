import { withoutQueryValues } from './db/database-errors';

/** Any http(s) or ws(s) URL: RPC and provider URLs often carry an API key in the host, path or query. */
const URL_PATTERN = /\b(?:https?|wss?):\/\/[^\s"'<>]+/gi;

/** The text with every http(s)/ws(s) URL replaced by `<url>`. */
export function redactUrls(text: string): string {
  return text.replace(URL_PATTERN, '<url>');
}

/**
 * Fields client libraries put on their errors that hold the request (URL, body, headers) or the
 * server's raw answer: viem's `url`, `body`, `headers`, `metaMessages` and `details`,
 * @solana/kit's `context` (status, headers, message of the HTTP answer).
 */
const DROPPED_FIELDS = new Set([
  'url',
  'body',
  'headers',
  'request',
  'response',
  'metaMessages',
  'details',
  'context',
]);

const MAX_DEPTH = 6;

/**
 * An error as a log may hold it: database values cut (see `db/database-errors.ts`), then every
 * URL cut from its message, stack and text fields, the fields that carry a request or a raw
 * answer dropped, and its cause chain treated alike. viem's message is its short message: the
 * long one lists the URL and the request body. The error itself is never changed.
 */
export function logSafeError(error: unknown): unknown {
  return standIn(withoutQueryValues(error), 0);
}

function standIn(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactUrls(value);
  if (!(value instanceof Error)) return value;
  if (depth > MAX_DEPTH) return `${value.name} (cause chain cut)`;
  const copy = Object.create(Object.getPrototypeOf(value) as object) as Error;
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key === 'string' && DROPPED_FIELDS.has(key)) continue;
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (!descriptor) continue;
    if ('value' in descriptor) {
      const inner: unknown = descriptor.value;
      descriptor.value = Array.isArray(inner)
        ? inner.map((item) => standIn(item, depth + 1))
        : standIn(inner, depth + 1);
    }
    Object.defineProperty(copy, key, descriptor);
  }
  const shortMessage = (value as { shortMessage?: unknown }).shortMessage;
  const message = redactUrls(typeof shortMessage === 'string' ? shortMessage : value.message);
  Object.defineProperty(copy, 'message', { value: message, writable: true, configurable: true });
  // The stack's first lines repeat the long message: keep the frames under the safe one.
  const frames = (value.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  Object.defineProperty(copy, 'stack', {
    value: [`${value.name}: ${message}`, ...frames.map(redactUrls)].join('\n'),
    writable: true,
    configurable: true,
  });
  return copy;
}
