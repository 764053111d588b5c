import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../lib/db/client';
import { elementLines, ICO_CSV_COLUMNS, readIcoFile } from './ico-import';
import { IcoRepository } from './ico-repository';

const run = promisify(execFile);
let dir: string;
let handle: DatabaseHandle;
let repository: IcoRepository;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vaultscope-import-'));
  fs.mkdirSync(path.join(dir, 'logos'));
  fs.writeFileSync(
    path.join(dir, 'logos', 'acme.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  repository = new IcoRepository(handle.db);
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const project = (overrides: Record<string, unknown> = {}) => ({
  slug: 'acme-protocol',
  tokenName: 'Acme Protocol',
  ticker: 'ACME',
  category: 'DeFi',
  status: 'active',
  description: 'Lending for everyone.',
  totalRaised: 1_500_000,
  preValuation: 20_000_000,
  lastUpdated: '2025-05-01T10:00:00Z',
  links: [{ name: 'Website', url: 'https://acme.example' }],
  images: ['logos/acme.svg'],
  rounds: [
    { title: 'Seed Round', type: 'Seed', date: '2024-02-01', price: '$0.01' },
    { title: 'Private Round', type: 'Private', date: null, price: null },
  ],
  ...overrides,
});

const write = (name: string, content: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};

describe('reading a JSON file', () => {
  it('accepts good projects and loads their images from beside the file', async () => {
    const file = write(
      'good.json',
      JSON.stringify(
        [project(), project({ slug: 'beta-labs', tokenName: 'Beta Labs', status: 'upcoming' })],
        null,
        2,
      ),
    );
    const parsed = await readIcoFile(file);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.projects.map((p) => p.slug)).toEqual(['acme-protocol', 'beta-labs']);
    expect(parsed.images.get('logos/acme.svg')?.contentType).toBe('image/svg+xml');
  });

  it('reports every bad row with its line and reason', async () => {
    const rows = [
      project(),
      project({ slug: 'Bad Slug' }),
      project({ slug: 'no-name', tokenName: '' }),
      project({ slug: 'acme-protocol' }),
    ];
    const file = write('bad.json', JSON.stringify(rows, null, 2));
    const lines = elementLines(fs.readFileSync(file, 'utf8'));
    const parsed = await readIcoFile(file);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual([
      { line: lines[1], message: 'slug: must be lower-case letters, digits and dashes' },
      { line: lines[2], message: 'tokenName: is required' },
      { line: lines[3], message: `slug: 'acme-protocol' already appears on line ${lines[0]}` },
    ]);
  });

  it.each([
    [{ status: 'soon' }, "status: must be 'active' or 'upcoming'"],
    [{ totalRaised: -5 }, 'totalRaised: must not be negative'],
    [
      { lastUpdated: 'yesterday' },
      'lastUpdated: must be an ISO date-time like 2025-03-01T12:00:00Z',
    ],
    [
      { links: [{ name: 'Website', url: 'javascript:alert(1)' }] },
      'links.0.url: link url must be an http(s) URL',
    ],
    [
      { images: ['https://cdn.example/logo.png'] },
      "images: 'https://cdn.example/logo.png' must be a file beside the import file (images are served by Vaultscope, not linked)",
    ],
    [
      { images: ['../secret.png'] },
      "images: '../secret.png' must be a file beside the import file (images are served by Vaultscope, not linked)",
    ],
    [
      { images: ['logos/missing.png'] },
      "images: file 'logos/missing.png' not found beside the import file",
    ],
    [
      { images: ['notes.txt'] },
      "images: 'notes.txt' is not an image (use .svg, .png, .jpg, .jpeg, .webp, .gif)",
    ],
    [
      { rounds: [{ title: 'Seed', type: 'Seed', date: '2024-13-45' }] },
      'rounds.0.date: is not a real date',
    ],
  ])('explains %j', async (overrides, message) => {
    const parsed = await readIcoFile(write('one.json', JSON.stringify([project(overrides)])));
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.message)).toEqual([message]);
  });

  it('explains a file that is not JSON, or not a list', async () => {
    const broken = await readIcoFile(write('broken.json', '[{"slug":'));
    expect(broken.ok ? '' : broken.errors[0]!.message).toMatch(/^not valid JSON/);
    const object = await readIcoFile(write('object.json', '{"name":"x"}'));
    expect(object.ok ? '' : object.errors[0]!.message).toBe(
      'expected an array of projects, or an object with a "projects" array',
    );
    const other = await readIcoFile(write('data.xml', '<x/>'));
    expect(other.ok ? '' : other.errors[0]!.message).toBe(
      "unsupported file type '.xml': use .json or .csv",
    );
  });
});

const csvLine = (values: Record<string, string>) =>
  ICO_CSV_COLUMNS.map((column) => {
    const value = values[column] ?? '';
    return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  }).join(',');

const csvProject = {
  slug: 'gamma-network',
  tokenName: 'Gamma Network',
  ticker: 'GAM',
  category: 'Infrastructure',
  status: 'upcoming',
  description: 'Relays, indexing, and more.',
  capsule: 'Infrastructure;Seed',
  totalRaised: '$2,000,000',
  preValuation: '30000000',
  lastUpdated: '2025-06-01T00:00:00Z',
  returnsSinceLastRound: 'vs Seed=+120%',
  website: 'https://gamma.example',
  images: 'logos/acme.svg',
};

describe('reading a CSV file', () => {
  it('groups one row per round into projects', async () => {
    const file = write(
      'good.csv',
      [
        ICO_CSV_COLUMNS.join(','),
        csvLine({
          ...csvProject,
          roundTitle: 'Seed Round',
          roundType: 'Seed',
          roundDate: '2025-01-10',
          roundPrice: '$0.02',
        }),
        csvLine({ ...csvProject, roundTitle: 'Strategic Round', roundType: 'Strategic' }),
        csvLine({ ...csvProject, slug: 'delta-dao', tokenName: 'Delta DAO' }),
      ].join('\n'),
    );
    const parsed = await readIcoFile(file);
    expect(parsed.ok ? [] : parsed.errors).toEqual([]);
    if (!parsed.ok) return;
    const [gamma, delta] = parsed.projects;
    expect(gamma).toMatchObject({
      totalRaised: 2_000_000,
      capsule: ['Infrastructure', 'Seed'],
      returnsSinceLastRound: [{ name: 'vs Seed', value: '+120%' }],
    });
    expect(gamma!.rounds).toEqual([
      { title: 'Seed Round', type: 'Seed', date: '2025-01-10', price: '$0.02' },
      { title: 'Strategic Round', type: 'Strategic', date: null, price: null },
    ]);
    expect(delta!.rounds).toEqual([]);
  });

  it('reports bad rows by line, including disagreeing rows of one project', async () => {
    const file = write(
      'bad.csv',
      [
        ICO_CSV_COLUMNS.join(','),
        csvLine({ ...csvProject, roundTitle: 'Seed Round', roundType: 'Seed' }),
        csvLine({
          ...csvProject,
          tokenName: 'Gamma Renamed',
          roundTitle: 'Private Round',
          roundType: 'Private',
        }),
        csvLine({ ...csvProject, slug: 'eps', totalRaised: 'lots' }),
      ].join('\n'),
    );
    const parsed = await readIcoFile(file);
    expect(parsed.ok ? [] : parsed.errors).toEqual([
      { line: 3, message: "project columns differ from line 2 for the same slug 'gamma-network'" },
      { line: 4, message: 'totalRaised: must be a number' },
    ]);
  });

  it('names missing columns', async () => {
    const parsed = await readIcoFile(write('cols.csv', 'slug,tokenName\na,b\n'));
    expect(parsed.ok ? '' : parsed.errors[0]!.message).toMatch(
      /^missing columns: ticker, category/,
    );
  });
});

describe('loading into the database', () => {
  it('writes projects once: a second load of the same data changes nothing', async () => {
    const parsed = await readIcoFile(
      write(
        'load.json',
        JSON.stringify([project({ slug: 'load-one' }), project({ slug: 'load-two' })]),
      ),
    );
    if (!parsed.ok) throw new Error('fixture should be valid');
    expect(await repository.upsertProjects(parsed.projects, parsed.images)).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
    });
    const before = await repository.detail(
      (await repository.list({ status: 'active', page: 1, pageSize: 100, tokenName: 'acme' }))
        .items[0]!._id,
    );
    expect(await repository.upsertProjects(parsed.projects, parsed.images)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
    });
    const after = await repository.detail(before!.tokenDetails._id);
    expect(after).toEqual(before);
  });

  it('updates a changed project in place, keeping its id', async () => {
    const first = await readIcoFile(
      write('v1.json', JSON.stringify([project({ slug: 'evolving', tokenName: 'Evolving One' })])),
    );
    const second = await readIcoFile(
      write(
        'v2.json',
        JSON.stringify([project({ slug: 'evolving', tokenName: 'Acme Two', rounds: [] })]),
      ),
    );
    if (!first.ok || !second.ok) throw new Error('fixtures should be valid');
    await repository.upsertProjects(first.projects, first.images);
    const id = (
      await repository.list({ status: 'active', page: 1, pageSize: 100, tokenName: 'evolving one' })
    ).items[0]!._id;
    expect(await repository.upsertProjects(second.projects, second.images)).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
    });
    const detail = await repository.detail(id);
    expect(detail?.tokenDetails.tokenName).toBe('Acme Two');
    expect(detail?.tokenDetails.details.rounds).toEqual([]);
  });
});

describe('npm run import:ico', () => {
  const cli = path.resolve(__dirname, 'import-cli.ts');
  const tsx = path.resolve(__dirname, '../../../../node_modules/.bin/tsx');
  const env = () => ({ ...process.env, DATA_DIR: path.join(dir, 'cli-data'), LOG_LEVEL: 'silent' });

  it('imports a good file, then reports it unchanged, and writes nothing from a bad file', async () => {
    const good = write('cli-good.json', JSON.stringify([project({ slug: 'cli-one' })]));
    const first = await run(tsx, [cli, good], { env: env() });
    expect(first.stdout).toContain('1 project(s): 1 created, 0 updated, 0 unchanged');
    const again = await run(tsx, [cli, good], { env: env() });
    expect(again.stdout).toContain('0 created, 0 updated, 1 unchanged');

    const bad = write(
      'cli-bad.json',
      JSON.stringify(
        [project({ slug: 'cli-two' }), project({ slug: 'cli-three', ticker: '' })],
        null,
        2,
      ),
    );
    const failed = await run(tsx, [cli, bad], { env: env() }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in failed && failed.code).toBe(1);
    expect(failed.stderr).toContain('1 problem(s), nothing imported');
    expect(failed.stderr).toMatch(/line \d+: ticker: is required/);
    // cli-two was good, but it was not written either.
    const check = await run(
      tsx,
      [cli, write('cli-check.json', JSON.stringify([project({ slug: 'cli-two' })]))],
      { env: env() },
    );
    expect(check.stdout).toContain('1 created');
  }, 60_000);
});
