import fs from 'node:fs/promises';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { icoProjectInputSchema, type IcoProject } from '@vaultscope/core';
import type { IcoImageFile } from './ico-repository';

export interface RowError {
  /** 1-based line of the file where the bad row starts. */
  line: number;
  message: string;
}

export type ParsedIcoFile =
  | { ok: true; projects: IcoProject[]; images: Map<string, IcoImageFile> }
  | { ok: false; errors: RowError[] };

const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

interface RawRow {
  line: number;
  value: unknown;
}

/**
 * Reads a private-sale file (JSON or CSV), validates every row and loads the images it names.
 * Either every row is good, or the answer lists every bad row with its line and reason.
 */
export async function readIcoFile(filePath: string): Promise<ParsedIcoFile> {
  const text = await fs.readFile(filePath, 'utf8');
  const extension = path.extname(filePath).toLowerCase();
  let rows: RawRow[];
  let embeddedImages: Record<string, string> = {};
  const errors: RowError[] = [];
  if (extension === '.json') {
    const parsed = parseJsonRows(text);
    if (!parsed.ok) return { ok: false, errors: [parsed.error] };
    rows = parsed.rows;
    embeddedImages = parsed.images;
  } else if (extension === '.csv') {
    const parsed = parseCsvRows(text);
    rows = parsed.rows;
    errors.push(...parsed.errors);
  } else {
    return {
      ok: false,
      errors: [
        { line: 0, message: `unsupported file type '${extension || 'none'}': use .json or .csv` },
      ],
    };
  }

  const projects: IcoProject[] = [];
  const firstLineOfSlug = new Map<string, number>();
  const images = new Map<string, IcoImageFile>();
  for (const row of rows) {
    const result = icoProjectInputSchema.safeParse(row.value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        errors.push({
          line: row.line,
          message: `${issue.path.join('.') || 'row'}: ${issue.message}`,
        });
      }
      continue;
    }
    const project = result.data;
    const seen = firstLineOfSlug.get(project.slug);
    if (seen !== undefined) {
      errors.push({
        line: row.line,
        message: `slug: '${project.slug}' already appears on line ${seen}`,
      });
      continue;
    }
    firstLineOfSlug.set(project.slug, row.line);
    for (const name of project.images) {
      if (images.has(name)) continue;
      const loaded = await loadImage(name, embeddedImages, path.dirname(filePath));
      if ('error' in loaded) errors.push({ line: row.line, message: `images: ${loaded.error}` });
      else images.set(name, loaded);
    }
    projects.push(project);
  }
  if (rows.length === 0 && errors.length === 0)
    errors.push({ line: 1, message: 'the file has no projects' });
  errors.sort((a, b) => a.line - b.line);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, projects, images };
}

async function loadImage(
  name: string,
  embedded: Record<string, string>,
  baseDir: string,
): Promise<IcoImageFile | { error: string }> {
  const contentType = IMAGE_TYPES[path.extname(name).toLowerCase()];
  if (!contentType)
    return { error: `'${name}' is not an image (use ${Object.keys(IMAGE_TYPES).join(', ')})` };
  const inline = embedded[name];
  if (inline !== undefined) return { contentType, data: new TextEncoder().encode(inline) };
  if (/^[a-z]+:/i.test(name) || path.isAbsolute(name) || name.split(/[\\/]/).includes('..')) {
    return {
      error: `'${name}' must be a file beside the import file (images are served by Vaultscope, not linked)`,
    };
  }
  try {
    const data = await fs.readFile(path.join(baseDir, name));
    if (data.byteLength > MAX_IMAGE_BYTES) return { error: `'${name}' is larger than 2 MiB` };
    return { contentType, data: new Uint8Array(data) };
  } catch {
    return { error: `file '${name}' not found beside the import file` };
  }
}

/** Accepts an array of projects, or `{ projects, images? }` (the shape of the shipped snapshot). */
function parseJsonRows(
  text: string,
): { ok: true; rows: RawRow[]; images: Record<string, string> } | { ok: false; error: RowError } {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      error: { line: 1, message: `not valid JSON: ${(error as Error).message}` },
    };
  }
  const isWrapped = typeof document === 'object' && document !== null && !Array.isArray(document);
  const list = isWrapped ? (document as { projects?: unknown }).projects : document;
  if (!Array.isArray(list)) {
    return {
      ok: false,
      error: {
        line: 1,
        message: 'expected an array of projects, or an object with a "projects" array',
      },
    };
  }
  const rawImages = isWrapped ? (document as { images?: unknown }).images : undefined;
  const images: Record<string, string> = {};
  if (rawImages && typeof rawImages === 'object') {
    for (const [name, value] of Object.entries(rawImages))
      if (typeof value === 'string') images[name] = value;
  }
  const lines = elementLines(text, isWrapped ? 'projects' : undefined);
  return { ok: true, rows: list.map((value, i) => ({ line: lines[i] ?? 1, value })), images };
}

/**
 * Line on which each element of the project array starts: the top-level array, or the array
 * under `key` in the top-level object. A small scanner, because JSON.parse forgets positions.
 */
export function elementLines(text: string, key?: string): number[] {
  const lines: number[] = [];
  const stack: ('{' | '[')[] = [];
  let line = 1;
  let targetDepth = key === undefined ? 1 : -1;
  let awaitingElement = false;
  let lastString = '';
  let lastStringDepth = -1;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '\n') {
      line += 1;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') continue;
    if (awaitingElement && c !== ']') {
      lines.push(line);
      awaitingElement = false;
    }
    if (c === '"') {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') j += 1;
        else value += text[j];
        if (text[j] === '\n') line += 1;
        j += 1;
      }
      lastString = value;
      lastStringDepth = stack.length;
      i = j;
      continue;
    }
    if (c === '{' || c === '[') {
      stack.push(c);
      if (
        c === '[' &&
        key !== undefined &&
        stack.length === 2 &&
        lastStringDepth === 1 &&
        lastString === key
      ) {
        targetDepth = 2;
      }
      if (c === '[' && stack.length === targetDepth) awaitingElement = true;
      continue;
    }
    if (c === '}' || c === ']') {
      if (c === ']' && stack.length === targetDepth) awaitingElement = false;
      stack.pop();
      continue;
    }
    if (c === ',' && stack.length === targetDepth && stack[stack.length - 1] === '[')
      awaitingElement = true;
  }
  return lines;
}

const PROJECT_COLUMNS = [
  'slug',
  'tokenName',
  'ticker',
  'category',
  'status',
  'description',
  'capsule',
  'totalRaised',
  'preValuation',
  'marketCap',
  'fdv',
  'volume',
  'lastUpdated',
  'returnsSinceLastRound',
  'website',
  'whitepaper',
  'twitter',
  'source',
  'images',
] as const;
const ROUND_COLUMNS = ['roundTitle', 'roundType', 'roundDate', 'roundPrice'] as const;
export const ICO_CSV_COLUMNS = [...PROJECT_COLUMNS, ...ROUND_COLUMNS];

const list = (value: string | undefined) =>
  (value ?? '')
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean);
const amount = (value: string | undefined) => {
  const trimmed = (value ?? '').trim().replace(/[$,_]/g, '');
  return trimmed === '' ? null : Number(trimmed);
};
const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/**
 * CSV is one row per round, as spreadsheets keep it: the project columns repeat on each of
 * its rows and must agree; a row with an empty roundTitle is a project without rounds.
 */
function parseCsvRows(text: string): { rows: RawRow[]; errors: RowError[] } {
  const errors: RowError[] = [];
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      columns: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      bom: true,
    });
  } catch (error) {
    return {
      rows: [],
      errors: [
        {
          line: (error as { lines?: number }).lines ?? 1,
          message: `not valid CSV: ${(error as Error).message}`,
        },
      ],
    };
  }
  const header = Object.keys(records[0]?.record ?? {});
  const missing = ICO_CSV_COLUMNS.filter((column) => !header.includes(column));
  if (records.length > 0 && missing.length > 0) {
    return { rows: [], errors: [{ line: 1, message: `missing columns: ${missing.join(', ')}` }] };
  }
  const bySlug = new Map<
    string,
    { line: number; value: Record<string, unknown>; signature: string }
  >();
  const rows: RawRow[] = [];
  for (const { record, info } of records) {
    // info.lines is the line the record ends on; records here are single-line unless quoted.
    const line = info.lines;
    const signature = JSON.stringify(PROJECT_COLUMNS.map((column) => record[column] ?? ''));
    const round = record.roundTitle
      ? {
          title: record.roundTitle,
          type: record.roundType,
          date: orNull(record.roundDate),
          price: orNull(record.roundPrice),
        }
      : undefined;
    const slug = record.slug ?? '';
    const existing = slug ? bySlug.get(slug) : undefined;
    if (existing) {
      if (existing.signature !== signature) {
        errors.push({
          line,
          message: `project columns differ from line ${existing.line} for the same slug '${slug}'`,
        });
      } else if (round) {
        (existing.value.rounds as unknown[]).push(round);
      }
      continue;
    }
    const links = (
      [
        ['Website', record.website],
        ['Whitepaper', record.whitepaper],
        ['Twitter', record.twitter],
        ['Source', record.source],
      ] as const
    )
      .filter(([, url]) => url)
      .map(([name, url]) => ({ name, url }));
    const value: Record<string, unknown> = {
      slug: record.slug,
      tokenName: record.tokenName,
      ticker: record.ticker,
      category: record.category,
      status: record.status,
      description: record.description,
      capsule: list(record.capsule),
      totalRaised: amount(record.totalRaised),
      preValuation: amount(record.preValuation),
      marketCap: amount(record.marketCap),
      fdv: amount(record.fdv),
      volume: amount(record.volume),
      lastUpdated: record.lastUpdated,
      returnsSinceLastRound: list(record.returnsSinceLastRound).map((entry) => {
        const [name, ...rest] = entry.split('=');
        return { name: name?.trim(), value: rest.join('=').trim() };
      }),
      links,
      images: list(record.images),
      rounds: round ? [round] : [],
    };
    const row = { line, value, signature };
    if (slug) bySlug.set(slug, row);
    rows.push(row);
  }
  return { rows, errors };
}
