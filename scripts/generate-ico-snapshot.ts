/**
 * Generates the private-sale snapshot the server loads on first start:
 * `apps/server/snapshot/ico-projects.json`. Deterministic: the same seed gives the same file.
 *
 *   npx tsx scripts/generate-ico-snapshot.ts [--seed 4242] [--count 160]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { icoProjectInputSchema, type IcoProjectInput } from '@vaultscope/core';
import { Random } from './snapshot/prng';

export const ICO_SNAPSHOT_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/snapshot/ico-projects.json',
);

const PREFIXES = [
  'Aether',
  'Nova',
  'Flux',
  'Orbit',
  'Zenith',
  'Lumen',
  'Vertex',
  'Quanta',
  'Helix',
  'Nimbus',
  'Solace',
  'Arbor',
  'Cobalt',
  'Drift',
  'Ember',
  'Fable',
  'Glint',
  'Harbor',
  'Ion',
  'Juno',
  'Kairo',
  'Lyra',
  'Mosaic',
  'Nexa',
  'Onyx',
  'Pulse',
  'Quill',
  'Rune',
  'Strata',
  'Tessera',
  'Umbra',
  'Vela',
  'Warp',
  'Xeno',
  'Yield',
  'Zephyr',
  'Atlas',
  'Beacon',
  'Cipher',
  'Delta',
];
const SUFFIXES = [
  'Protocol',
  'Labs',
  'Finance',
  'Network',
  'AI',
  'Chain',
  'Swap',
  'Markets',
  'Layer',
  'Vault',
  'DAO',
  'Pay',
  'Play',
  'Data',
  'Bridge',
];
const CATEGORIES = [
  'DeFi',
  'Infrastructure',
  'Layer 1',
  'Layer 2',
  'Gaming',
  'AI',
  'NFT',
  'Social',
  'RWA',
  'DePIN',
  'Privacy',
  'Oracle',
];
const ROUND_TYPES = [
  'Pre-Seed',
  'Seed',
  'Private',
  'Strategic',
  'Series A',
  'Series B',
  'Public',
  'IDO',
];
const BACKERS = [
  'Polychain',
  'Paradigm',
  'Multicoin',
  'Pantera',
  'Dragonfly',
  'Framework',
  'Electric Capital',
  'Hashed',
  'Animoca',
  'Coinbase Ventures',
];

const WHAT_BY_CATEGORY: Record<string, string> = {
  DeFi: 'a lending and liquidity protocol with isolated markets and on-chain risk limits',
  Infrastructure:
    'developer infrastructure: indexed RPC, account abstraction and transaction relaying',
  'Layer 1': 'a proof-of-stake chain with parallel execution and sub-second finality',
  'Layer 2': 'an optimistic rollup that settles to Ethereum and shares sequencing across apps',
  Gaming: 'an on-chain game studio whose items are tradable tokens across its titles',
  AI: 'a marketplace that pays GPU owners to serve open models with verifiable results',
  NFT: 'a creator platform for editions, royalties and membership passes',
  Social: 'a social graph owned by its users, with portable follows and tipping',
  RWA: 'tokenised short-term treasuries and invoices with daily attestations',
  DePIN: 'a network of community-run sensors and hotspots rewarded for coverage',
  Privacy: 'private transfers and shielded balances using zero-knowledge proofs',
  Oracle: 'low-latency price feeds with signed data and fallbacks',
};

const PALETTES = [
  ['#6d5dfc', '#22d3ee'],
  ['#f97316', '#facc15'],
  ['#10b981', '#3b82f6'],
  ['#ec4899', '#8b5cf6'],
  ['#14b8a6', '#a3e635'],
  ['#ef4444', '#f59e0b'],
  ['#0ea5e9', '#6366f1'],
] as const;

function logoSvg(initials: string, [from, to]: readonly [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="128" height="128" rx="28" fill="url(#g)"/><text x="64" y="78" font-family="Arial,Helvetica,sans-serif" font-size="44" font-weight="700" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
}

function bannerSvg(rng: Random, title: string, [from, to]: readonly [string, string]): string {
  const shapes = Array.from({ length: 6 }, () => {
    const x = rng.int(0, 640);
    const y = rng.int(0, 360);
    const r = rng.int(20, 140);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(0.05 + rng.next() * 0.15).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="360" fill="url(#b)"/>${shapes}<text x="32" y="320" font-family="Arial,Helvetica,sans-serif" font-size="34" font-weight="700" fill="#fff">${title}</text></svg>`;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const roundTo = (value: number, step: number) => Math.round(value / step) * step;

export interface IcoSnapshot {
  version: 1;
  seed: number;
  /** Image files by name; projects refer to them by name. */
  images: Record<string, string>;
  projects: IcoProjectInput[];
}

export function generateIcoSnapshot(seed = 4242, count = 160): IcoSnapshot {
  const rng = new Random(seed);
  const now = Date.parse('2026-11-01T00:00:00Z');
  const day = 86_400_000;
  const images: Record<string, string> = {};
  const projects: IcoProjectInput[] = [];
  const used = new Set<string>();

  while (projects.length < count) {
    const name = `${rng.pick(PREFIXES)} ${rng.pick(SUFFIXES)}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    if (used.has(slug)) continue;
    used.add(slug);
    const index = projects.length;
    const status = index % 5 < 3 ? 'active' : 'upcoming';
    const category = rng.pick(CATEGORIES);
    const words = name.split(' ');
    const ticker = (words[0]!.slice(0, 3) + (words[1]?.[0] ?? '')).toUpperCase();
    const palette = rng.pick(PALETTES);

    const roundCount = rng.int(1, 4);
    const firstType = rng.int(0, 2);
    // Active projects' latest round is behind us; an upcoming project's latest round is ahead.
    const lastRoundAt =
      status === 'active' ? now - rng.int(5, 240) * day : now + rng.int(5, 150) * day;
    const gaps = Array.from({ length: roundCount }, () => rng.int(45, 200) * day);
    let price = rng.logUniform(0.002, 0.08);
    const rounds = Array.from({ length: roundCount }, (_, i) => {
      const type = ROUND_TYPES[Math.min(firstType + i, ROUND_TYPES.length - 1)]!;
      const when = lastRoundAt - gaps.slice(i + 1).reduce((sum, gap) => sum + gap, 0);
      price *= 1.3 + rng.next();
      const upcomingAndLast = status === 'upcoming' && i === roundCount - 1;
      const priceText = rng.chance(0.12)
        ? rng.chance(0.5)
          ? 'Unknown'
          : null
        : `$${price.toFixed(4)}`;
      return {
        title: `${type} Round`,
        type,
        date: upcomingAndLast && rng.chance(0.35) ? null : isoDay(when),
        price: priceText,
      };
    });

    const raised = roundTo(rng.logUniform(300_000, 120_000_000), 50_000);
    const listed = status === 'active';
    const marketCap = listed ? roundTo(raised * (0.5 + rng.next() * 12), 1000) : null;
    const logo = `${slug}-logo.svg`;
    images[logo] = logoSvg(ticker.slice(0, 2), palette);
    const gallery = Array.from({ length: rng.int(2, 3) }, (_, i) => {
      const file = `${slug}-${i + 1}.svg`;
      images[file] = bannerSvg(rng, `${name}`, i % 2 ? [palette[1], palette[0]] : palette);
      return file;
    });
    const backers = rng.shuffle(BACKERS).slice(0, rng.int(1, 3));

    projects.push({
      slug,
      tokenName: name,
      ticker,
      category,
      status,
      description:
        `${name} is ${WHAT_BY_CATEGORY[category]}. ` +
        `It raised ${roundCount} round${roundCount > 1 ? 's' : ''} so far, backed by ${backers.join(', ')}.`,
      capsule: [category, rounds.at(-1)!.type, ...(listed ? ['Listed'] : ['Pre-listing'])],
      totalRaised: raised,
      preValuation: roundTo(raised * (4 + rng.next() * 20), 100_000),
      marketCap,
      fdv: marketCap === null ? null : roundTo(marketCap * (1.5 + rng.next() * 4), 1000),
      volume: listed ? roundTo(rng.logUniform(20_000, 40_000_000), 100) : null,
      lastUpdated: new Date(now - rng.int(0, 30) * day - rng.int(0, 86_399) * 1000).toISOString(),
      returnsSinceLastRound: listed
        ? [
            {
              name: `vs ${rounds.at(-1)!.type}`,
              value: `${rng.chance(0.7) ? '+' : '-'}${rng.int(5, 900)}%`,
            },
            { name: 'ATH ROI', value: `${(1 + rng.next() * 30).toFixed(1)}x` },
          ]
        : [],
      links: [
        { name: 'Website', url: `https://${slug}.example` },
        ...(rng.chance(0.8)
          ? [{ name: 'Whitepaper' as const, url: `https://docs.${slug}.example/whitepaper.pdf` }]
          : []),
        ...(rng.chance(0.9)
          ? [{ name: 'Twitter' as const, url: `https://x.com/${slug.replace(/-/g, '')}` }]
          : []),
        ...(rng.chance(0.6)
          ? [{ name: 'Source' as const, url: `https://github.com/${slug}` }]
          : []),
      ],
      // About one project in twelve ships without images: the screens show the default image.
      images: index % 12 === 7 ? [] : [logo, ...gallery],
      rounds,
    });
  }
  for (const project of projects) icoProjectInputSchema.parse(project);
  return { version: 1, seed, images, projects };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (flag: string) => {
    const at = process.argv.indexOf(flag);
    return at > 0 ? Number(process.argv[at + 1]) : undefined;
  };
  const snapshot = generateIcoSnapshot(arg('--seed'), arg('--count'));
  fs.mkdirSync(path.dirname(ICO_SNAPSHOT_FILE), { recursive: true });
  fs.writeFileSync(ICO_SNAPSHOT_FILE, `${JSON.stringify(snapshot)}\n`);
  const active = snapshot.projects.filter((p) => p.status === 'active').length;
  console.log(
    `wrote ${snapshot.projects.length} projects (${active} active) and ${Object.keys(snapshot.images).length} images to ${path.relative(process.cwd(), ICO_SNAPSHOT_FILE)} (${(fs.statSync(ICO_SNAPSHOT_FILE).size / 1024).toFixed(0)} KiB)`,
  );
}
