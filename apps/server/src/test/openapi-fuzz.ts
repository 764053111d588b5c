import fc from 'fast-check';

/**
 * Requests for fuzzing the API, generated from its own OpenAPI document: every operation,
 * with path parameters, query strings and JSON bodies drawn from the operation's schemas
 * (mostly valid, so that requests get past validation) and mutated (wrong types, missing and
 * extra fields, huge strings, NUL and other control characters, lone surrogates, broken
 * percent-encoding, bodies that are not JSON). Used by `api-fuzz.test.ts`.
 */

/** The subset of JSON Schema that fastify-type-provider-zod writes for our schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, e.g. `/api/cex/price/{tokenAddress}`. */
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** Who sends a request: nobody, a logged-in user, a user whose wallet is unlocked, or junk. */
export type Caller = 'anonymous' | 'session' | 'unlocked' | 'bogus';

export interface FuzzRequest {
  /** `METHOD /openapi/path`, to group failures by operation. */
  operation: string;
  method: string;
  url: string;
  caller: Caller;
  /** The client address, varied so that per-address throttles do not shut every route. */
  remoteAddress: string;
  headers: Record<string, string>;
  /** The raw body; usually JSON text. */
  payload?: string;
}

/** Real values the fuzzer mixes in, so that requests reach past "not found" too. */
export interface Hints {
  /** Ids, addresses and coin ids of items in the database. */
  ids: string[];
  /** The logged-in users' ids and emails; a caller's own id is used most. */
  userIds: string[];
  ownUserIds: Partial<Record<Caller, string>>;
  emails: string[];
  /** Passwords that are right for someone. */
  passwords: string[];
  /** Chain ids, supported or not. */
  chainIds: number[];
  /** Values a parameter of that name takes where the document does not list them. */
  values: Record<string, readonly unknown[]>;
}

/** Text no request may smuggle into the database or the logs. */
const controlText = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\u0000\u0000', 'x\u0007', '\u001b[31m', '\r\n', '\u007f'),
  fc
    .tuple(
      fc.string({ maxLength: 8 }),
      fc.integer({ min: 0, max: 0x1f }),
      fc.string({ maxLength: 8 }),
    )
    .map(([before, code, after]) => `${before}${String.fromCharCode(code)}${after}`),
);
const brokenUnicode = fc.constantFrom('\ud800', 'a\udfffb', '\udbff\udbff', '😀\ud83d');
const hugeText = fc
  .tuple(fc.integer({ min: 1_000, max: 300_000 }), fc.constantFrom('a', 'é', '😀', '0', '\u0000'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));
const trickyText = fc.constantFrom(
  '',
  ' ',
  "' or 1=1 --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1',
  '9'.repeat(40),
  '-1',
  'null',
  'true',
  '__proto__',
  '{"$gt":""}',
  'Ω≈ç√∫˜µ≤≥÷',
  'ﷺ',
  'Ｔｅｓｔ',
  '\u202eevil',
  '\ufeffbom',
);

/** Any text a client might send, well formed or not. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: controlText },
  { weight: 1, arbitrary: brokenUnicode },
  { weight: 1, arbitrary: hugeText },
  { weight: 3, arbitrary: trickyText },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

/** A JSON value of any shape, for fields given the wrong type. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 0.1),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  nastyText,
);

/** Real values for a field, chosen by its name. */
function hintsFor(name: string, hints: Hints): fc.Arbitrary<unknown> | undefined {
  const key = name.toLowerCase();
  const some = <T>(values: readonly T[]) =>
    values.length > 0 ? fc.constantFrom(...values) : undefined;
  if (key === 'userid') return some(hints.userIds);
  if (key.includes('email')) return some(hints.emails);
  if (key.includes('password')) return some(hints.passwords);
  if (key === 'chainid') return some([...hints.chainIds, ...hints.chainIds.map(String)]);
  if (/id$|address|hash/.test(key)) return some(hints.ids);
  return undefined;
}

/** Addresses zod's `z.email()` takes (fast-check's RFC addresses are mostly refused). */
const plainEmail = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/), fc.constantFrom('example.com', 'mail.io'))
  .map(([local, domain]) => `${local}@${domain}`);

/** A value the schema allows (mostly: patterns and formats are followed, bounds kept). */
function validValue(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => validValue(variant, name, hints)));
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const named = hints.values[name];
  if (named && named.length > 0) return fc.constantFrom(...named);
  const hinted = hintsFor(name, hints);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const own = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string': {
        if (schema.format === 'uuid') return fc.uuid();
        if (schema.format === 'email' || name.toLowerCase().includes('email')) return plainEmail;
        if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
        const minLength = schema.minLength ?? 0;
        return fc.string({
          minLength,
          maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)),
        });
      }
      case 'integer':
        return fc.integer({
          min: Math.max(schema.minimum ?? -1_000, -1_000_000),
          max: Math.min(schema.maximum ?? 1_000, 1_000_000),
        });
      case 'number':
        return fc.double({ noNaN: true, min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(validValue(schema.items ?? {}, name, hints), { maxLength: 3 });
      case 'object':
        return fc.record(
          Object.fromEntries(
            Object.entries(schema.properties ?? {}).map(([key, property]) => [
              key,
              validValue(property, key, hints),
            ]),
          ),
          { requiredKeys: schema.required ?? [] },
        );
      default:
        return wrongType;
    }
  })();
  return hinted ? fc.oneof(hinted, own) : own;
}

/** A control character, NUL most often: what PostgreSQL refuses in text. */
const controlCharacter = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 0x1f }).map((code) => String.fromCharCode(code)),
  },
  { weight: 1, arbitrary: fc.constantFrom('\u007f', '\ud800') },
);

/**
 * A wrong value for a field: a right one with a control character slipped in (so that every
 * other check passes), text from {@link nastyText}, or the wrong type.
 */
function wrongValue(part: Part, hints: Hints): fc.Arbitrary<unknown> {
  const spliced = fc
    .tuple(validValue(part.schema, part.name, hints), fc.nat(), controlCharacter)
    .map(([value, at, character]) => {
      const text = typeof value === 'string' ? value : String(value);
      const index = at % (text.length + 1);
      return `${text.slice(0, index)}${character}${text.slice(index)}`;
    });
  return fc.oneof(
    { weight: 3, arbitrary: spliced },
    { weight: 3, arbitrary: nastyText },
    { weight: 1, arbitrary: wrongType },
  );
}

/** Marks a field or parameter left out. */
const ABSENT = Symbol('absent');
type Slot = unknown;

/** Text for a URL: percent-encoded, or raw and possibly malformed (`%`, `%zz`, an encoded lone surrogate). */
function urlPart(value: unknown): string {
  return encodeURIComponent(urlSafe(value));
}
const malformedEscape = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4',
  '%C0%80',
  '%ED%A0%80',
  '%FF',
  '%2',
  '%%30',
);

/** `encodeURIComponent` throws on a lone surrogate; {@link malformedEscape} sends those raw. */
function urlSafe(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\u{fffd}',
  );
}

/**
 * One part of a request that the fuzzer sets right or wrong: a path parameter, a query
 * parameter, a top-level body field, the body as a whole, or unknown extras.
 */
interface Part {
  kind: 'path' | 'query' | 'field' | 'body' | 'extraQuery' | 'extraField';
  name: string;
  schema: JsonSchema;
  required: boolean;
}

function partsOf(operation: Operation): Part[] {
  const parts: Part[] = operation.parameters
    .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
    .map((parameter) => ({
      kind: parameter.in as 'path' | 'query',
      name: parameter.name,
      schema: parameter.schema ?? { type: 'string' },
      required: parameter.required ?? false,
    }));
  parts.push({ kind: 'extraQuery', name: 'extra', schema: {}, required: false });
  if (operation.method !== 'GET') {
    const body = operation.body ?? {};
    for (const [name, schema] of Object.entries(body.properties ?? {}))
      parts.push({ kind: 'field', name, schema, required: body.required?.includes(name) ?? false });
    parts.push({
      kind: 'body',
      name: 'body',
      schema: body,
      required: operation.body !== undefined,
    });
    parts.push({ kind: 'extraField', name: 'extra', schema: {}, required: false });
  }
  return parts;
}

/** A right value of the part (or ABSENT for an optional one left out). */
function rightPart(part: Part, hints: Hints): fc.Arbitrary<Slot> {
  switch (part.kind) {
    case 'path':
      return validValue(part.schema, part.name, hints).map(urlPart);
    case 'query': {
      const value = validValue(part.schema, part.name, hints).map((item) => [urlPart(item)]);
      return part.required ? value : fc.option(value, { freq: 2, nil: ABSENT });
    }
    case 'field':
      return part.required
        ? validValue(part.schema, part.name, hints)
        : fc.option(validValue(part.schema, part.name, hints), { freq: 2, nil: ABSENT });
    case 'body':
    case 'extraQuery':
    case 'extraField':
      return fc.constant(ABSENT);
  }
}

interface RawBody {
  payload: string;
  contentType: string;
}

/** A wrong value of the part. */
function wrongPart(part: Part, hints: Hints): fc.Arbitrary<Slot> {
  switch (part.kind) {
    case 'path':
      return fc.oneof(
        { weight: 6, arbitrary: wrongValue(part, hints).map(urlPart) },
        { weight: 1, arbitrary: malformedEscape },
      );
    case 'query':
      return fc.oneof(
        { weight: 6, arbitrary: wrongValue(part, hints).map((value) => [urlPart(value)]) },
        { weight: 1, arbitrary: malformedEscape.map((value) => [value]) },
        // The parameter twice, which a query parser turns into an array.
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              validValue(part.schema, part.name, hints),
              validValue(part.schema, part.name, hints),
            )
            .map((values) => values.map(urlPart)),
        },
        { weight: part.required ? 1 : 0, arbitrary: fc.constant(ABSENT) },
      );
    case 'field':
      return fc.oneof(
        { weight: 6, arbitrary: wrongValue(part, hints) },
        { weight: part.required ? 1 : 0, arbitrary: fc.constant(ABSENT) },
      );
    case 'extraQuery':
      return fc.tuple(
        fc.constantFrom('extra', 'page', '__proto__', 'constructor'),
        nastyText.map(urlPart),
      );
    case 'extraField':
      return fc.dictionary(fc.constantFrom('extra', 'isAdmin', 'id', '__proto__'), wrongType, {
        minKeys: 1,
        maxKeys: 2,
      });
    case 'body':
      return fc.oneof(
        wrongType.map((value) => ({
          payload: JSON.stringify(value),
          contentType: 'application/json',
        })),
        fc
          .constantFrom('{', '{"a":', '[1,', 'nul', '"\\u0000"', '{"x":"\\ud800"}', '', '\u0000')
          .map((payload) => ({ payload, contentType: 'application/json' })),
        fc
          .tuple(
            fc.constantFrom(
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data',
              'application/json; charset=latin1',
            ),
            fc.string({ maxLength: 30 }),
          )
          .map(([contentType, payload]): RawBody => ({ contentType, payload })),
      );
  }
}

const bogusAuthorization = fc.oneof(
  fc.string({ maxLength: 80 }).map((token) => `Bearer ${token}`),
  fc.constantFrom('Bearer', 'Bearer ', 'Basic YTpi', 'bearer x', `Bearer ${'a'.repeat(5000)}`),
);
/** Header values a client can send (visible ASCII), sometimes long. */
const headerText = fc.oneof(
  { weight: 3, arbitrary: fc.uuid() },
  {
    weight: 2,
    arbitrary: fc
      .string({ unit: 'binary-ascii', maxLength: 60 })
      .map((text) => text.replace(/[^\x21-\x7e]/g, 'x')),
  },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 8_000 }).map((n) => 'k'.repeat(n)) },
);

/** The request from its parts' values. */
function assemble(operation: Operation, parts: Part[], values: Slot[]) {
  let url = operation.path;
  const query: string[] = [];
  const body: Record<string, unknown> = {};
  let rawBody: RawBody | undefined;
  parts.forEach((part, index) => {
    const value = values[index];
    if (value === ABSENT) return;
    switch (part.kind) {
      case 'path':
        url = url.replace(`{${part.name}}`, value as string);
        break;
      case 'query':
        for (const item of value as string[]) query.push(`${part.name}=${item}`);
        break;
      case 'extraQuery': {
        const [name, item] = value as [string, string];
        query.push(`${name}=${item}`);
        break;
      }
      case 'field':
        body[part.name] = value;
        break;
      case 'extraField':
        Object.assign(body, value);
        break;
      case 'body':
        rawBody = value as RawBody;
    }
  });
  // A form asks for its password twice: keep them equal unless one of them is the wrong part.
  const confirm = parts.findIndex((part) => part.name === 'confirmPassword');
  if (confirm >= 0 && typeof values[confirm] === 'string' && typeof body.password === 'string')
    body.confirmPassword = body.password;
  if (query.length > 0) url += `?${query.join('&')}`;
  const sendsBody =
    operation.method !== 'GET' && (operation.body !== undefined || Object.keys(body).length > 0);
  const payload =
    rawBody ??
    (sendsBody ? { payload: JSON.stringify(body), contentType: 'application/json' } : undefined);
  return { url, payload };
}

/**
 * One request to one of the operations: every part right, or one or two parts wrong (a value
 * of the wrong type or with nasty text, a field left out, a malformed escape, a body that is
 * not JSON). Mostly-right requests get past validation and into the handlers and the database.
 */
export function requestArbitrary(operations: Operation[], hints: Hints): fc.Arbitrary<FuzzRequest> {
  const callers = fc.constantFrom<Caller>('anonymous', 'session', 'unlocked', 'unlocked', 'bogus');
  return fc.tuple(fc.constantFrom(...operations), callers).chain(([operation, caller]) => {
    const parts = partsOf(operation);
    const own = hints.ownUserIds[caller];
    const local = own ? { ...hints, userIds: [own, own, own, ...hints.userIds] } : hints;
    const wrongParts = fc.oneof(
      { weight: 2, arbitrary: fc.constant<number[]>([]) },
      {
        weight: 3,
        arbitrary: fc.uniqueArray(fc.nat(parts.length - 1), { minLength: 1, maxLength: 2 }),
      },
    );
    return wrongParts.chain((wrong) =>
      fc
        .record({
          values: fc.tuple(
            ...parts.map((part, index) =>
              wrong.includes(index) ? wrongPart(part, local) : rightPart(part, local),
            ),
          ),
          remoteAddress: fc.constantFrom('127.0.0.1', '10.0.0.1', '10.0.0.2', '10.0.0.3', '::1'),
          authorization: bogusAuthorization,
          idempotencyKey: fc.option(headerText, { freq: 3 }),
        })
        .map(({ values, remoteAddress, authorization, idempotencyKey }): FuzzRequest => {
          const { url, payload } = assemble(operation, parts, values);
          const headers: Record<string, string> = {};
          if (payload) headers['content-type'] = payload.contentType;
          if (caller === 'bogus') headers.authorization = authorization;
          if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
          return {
            operation: `${operation.method} ${operation.path}`,
            method: operation.method,
            url,
            caller,
            remoteAddress,
            headers,
            ...(payload ? { payload: payload.payload } : {}),
          };
        }),
    );
  });
}
