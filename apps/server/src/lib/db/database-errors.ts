import { DrizzleQueryError as DrizzleQueryFailure } from 'drizzle-orm';

/**
 * Database errors made safe to log. A failed query carries its parameter values three ways:
 * drizzle's `DrizzleQueryError` puts them in its message (`Failed query: … params: …`) and in
 * `params`; PGlite's error keeps `query` and `params`; and PostgreSQL's own `detail` and
 * `where` echo values (`Key (email)=(ada@example.com) already exists`,
 * `unnamed portal parameter $1 = '…'`), as do some messages (`invalid input syntax for type
 * uuid: "…"`). Those values are user data, argon2id hashes, signed transactions. A log keeps
 * only what names the failure: SQLSTATE code, severity, schema, table, column, data type,
 * constraint, routine, and the SQL text (drizzle sends every value as a parameter, so the text
 * holds placeholders only).
 */

/** The fields of a node-postgres or PGlite error that name things, never values. */
const NAMING_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

export type DatabaseErrorFields = Partial<Record<(typeof NAMING_FIELDS)[number], string>>;

interface DatabaseErrorLike extends Error {
  code: string;
  severity?: string;
}

/** Longest SQL text kept: a bulk insert's placeholder list can run to many kilobytes. */
const MAX_QUERY_LENGTH = 2_000;

/**
 * A PostgreSQL error as node-postgres (`DatabaseError` of pg-protocol) or PGlite throws it:
 * a five-character SQLSTATE `code` and a `severity`.
 */
export function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as Partial<DatabaseErrorLike>;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/**
 * The message without the values PostgreSQL quotes in it. Integrity (23) and syntax or
 * undefined-object (42) errors quote only names from our own SQL, so they are kept whole;
 * other classes, data exceptions (22) above all, quote the offending value.
 */
export function redactDatabaseMessage(code: string, message: string): string {
  if (code.startsWith('23') || code.startsWith('42')) return message;
  return message.replace(/"(?:[^"]|"")*"/g, '"…"').replace(/'(?:[^']|'')*'/g, "'…'");
}

/** The fields a log may keep of a database error (see the file header). */
export function databaseErrorFields(error: DatabaseErrorLike): DatabaseErrorFields {
  const fields: DatabaseErrorFields = {};
  for (const field of NAMING_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' && value !== '') fields[field] = value;
  }
  return fields;
}

/** The error's stack frames under a new first line, so a message cut from it stays cut. */
function restack(name: string, message: string, stack: string | undefined): string {
  const frames = (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [`${name}: ${message}`, ...frames].join('\n');
}

/** Stands for an error in a log: its safe message, its stack frames and the given fields. */
class LoggedError extends Error {
  constructor(message: string, stack: string | undefined, fields: object) {
    super(message);
    this.name = new.target.name;
    this.stack = restack(this.name, message, stack);
    Object.assign(this, fields);
  }
}
// Named as the errors they stand for: pino logs the class name as the error's `type`.
class DrizzleQueryError extends LoggedError {}
class DatabaseError extends LoggedError {}

/**
 * The error with every database error in its cause chain (and in an `AggregateError`'s
 * `errors`) replaced by a log-safe stand-in. The given error is never changed: it may still be
 * rethrown or answered. Errors without a database error in them come back as they are.
 */
export function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 10) return error;
  if (error instanceof DrizzleQueryFailure) {
    const query =
      error.query.length > MAX_QUERY_LENGTH
        ? `${error.query.slice(0, MAX_QUERY_LENGTH)}…`
        : error.query;
    const { cause } = error;
    // PostgreSQL's error is folded in (its message, its fields under `database`); any other
    // cause, a lost connection say, stays the cause.
    if (isDatabaseError(cause))
      return new DrizzleQueryError(
        `Failed query: ${redactDatabaseMessage(cause.code, cause.message)}`,
        error.stack,
        { query, database: databaseErrorFields(cause) },
      );
    return new DrizzleQueryError('Failed query', error.stack, {
      query,
      cause: withoutQueryValues(cause, depth + 1),
    });
  }
  if (isDatabaseError(error))
    return new DatabaseError(
      redactDatabaseMessage(error.code, error.message),
      error.stack,
      databaseErrorFields(error),
    );
  const cause = (error as { cause?: unknown }).cause;
  const errors = (error as { errors?: unknown }).errors;
  const safeCause = withoutQueryValues(cause, depth + 1);
  const safeErrors = Array.isArray(errors)
    ? errors.map((inner) => withoutQueryValues(inner, depth + 1))
    : errors;
  const changed =
    safeCause !== cause ||
    (Array.isArray(errors) && (safeErrors as unknown[]).some((inner, i) => inner !== errors[i]));
  if (!changed) return error;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  for (const key of Reflect.ownKeys(error)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, key);
    if (descriptor) Object.defineProperty(copy, key, descriptor);
  }
  if (safeCause !== cause)
    Object.defineProperty(copy, 'cause', { value: safeCause, writable: true, configurable: true });
  if (safeErrors !== errors)
    Object.defineProperty(copy, 'errors', {
      value: safeErrors,
      writable: true,
      configurable: true,
    });
  return copy;
}

/**
 * The error's message, safe to log: for a database error (or a drizzle query error around
 * one) PostgreSQL's message with quoted values cut out; any other error's own message.
 */
export function logSafeMessage(error: Error): string {
  const safe = withoutQueryValues(error);
  return safe instanceof Error ? safe.message : String(safe);
}
