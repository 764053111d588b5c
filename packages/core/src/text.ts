import { z } from 'zod';

/**
 * What text a request may carry. PostgreSQL refuses a NUL byte in `text` and `jsonb` outright
 * (so it used to reach the database and answer 500), and the other C0 control characters and
 * DEL have no business in a name, an id or an address: they hide in logs and screens. Broken
 * UTF-16 (a lone surrogate, which JSON allows) would be stored as U+FFFD, silently changing
 * the text. Every request schema that takes text puts {@link plainText} on it, so such input
 * is a 400 at validation, before any handler or query runs.
 */

// Matching control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
/** C0 control characters (U+0000-U+001F) and DEL (U+007F). */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** The same less tab, line feed and carriage return, which multi-line text may hold. */
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface PlainTextOptions {
  /** Allow tab, line feed and carriage return (descriptions and other multi-line text). */
  multiline?: boolean;
}

/** Messages of {@link plainText}; `label` names the field as the other messages of its form do. */
export const textMessages = {
  controlCharacters: (label: string) => `${label} must not contain control characters.`,
  brokenUnicode: (label: string) => `${label} must be valid Unicode text.`,
} as const;

/** Why `value` is not plain text, or undefined when it is. */
export function plainTextProblem(
  value: string,
  options: PlainTextOptions = {},
): 'controlCharacters' | 'brokenUnicode' | undefined {
  const control = options.multiline ? CONTROL_CHARACTER_BUT_LINE_BREAKS : CONTROL_CHARACTER;
  if (control.test(value)) return 'controlCharacters';
  if (LONE_SURROGATE.test(value)) return 'brokenUnicode';
  return undefined;
}

/**
 * The check every request schema puts on the text it takes (bodies, path parameters, query
 * strings): no C0 control character or DEL (tab and line breaks allowed when `multiline`), no
 * lone surrogate. Use it after `.trim()`, e.g.
 * `z.string().trim().check(plainText('First name')).min(1, …)`.
 */
export function plainText(label: string, options: PlainTextOptions = {}) {
  return z.superRefine<string>((value, ctx) => {
    const problem = plainTextProblem(value, options);
    if (problem) ctx.addIssue({ code: 'custom', message: textMessages[problem](label) });
  });
}
