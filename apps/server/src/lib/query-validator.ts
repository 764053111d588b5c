import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/** Validated query strings kept per route before the memo starts over. */
export const MAX_KEPT_QUERIES = 1_000;

/** What the zod validator answers: the parsed value, or the errors of a bad query. */
interface ValidatorResult {
  value?: unknown;
  error?: Error | FastifySchemaValidationError[];
}

/**
 * The zod validator of a route, with the querystring's results kept by the query they came
 * from: a list route is asked the same few hundred filter and page combinations again and again,
 * and zod parsed each anew on every request. Only for schemas that read nothing but the query
 * (no clock, no database): the same query then always validates to the same value.
 *
 * A kept value is frozen, since every request of that query shares it; errors are not kept
 * (each bad request gets its own, and a flood of bad queries fills nothing). A query holding
 * anything but one string per name (a repeated name gives an array) is validated each time.
 * Past {@link MAX_KEPT_QUERIES} different queries the memo starts over, so queries made up by a
 * client cost what they cost without it.
 */
export const keptQueryValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'querystring') return validate;
  const kept = new Map<string, ValidatorResult>();
  return (data: unknown) => {
    const key = queryKey(data);
    if (key === undefined) return validate(data);
    const known = kept.get(key);
    if (known) return known;
    const result = validate(data) as ValidatorResult;
    if (result.error) return result;
    if (kept.size >= MAX_KEPT_QUERIES) kept.clear();
    const value = result.value;
    const frozen = {
      value: value !== null && typeof value === 'object' ? Object.freeze(value) : value,
    };
    kept.set(key, frozen);
    return frozen;
  };
};

/** A key naming `data` exactly when every value is a string, else undefined. */
function queryKey(data: unknown): string | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  for (const value of Object.values(data)) if (typeof value !== 'string') return undefined;
  // JSON quotes each name and value: no two different queries share a key.
  return JSON.stringify(data);
}
