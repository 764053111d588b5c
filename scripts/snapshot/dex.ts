import {
  chainFamilyOf,
  emptySecurityReport,
  type ChainCode,
  type DexDetail,
  type Holder,
  type SecurityReport,
  type SnapshotDexToken,
  type SnapshotPool,
} from '@vaultscope/core';
import type { AddressBook } from './addresses';
import {
  CHAIN_PROFILES,
  LP_LOCK_TAGS,
  NAME_NOUNS,
  NAME_PREFIXES,
  NAME_SUFFIXES,
  type ChainProfile,
} from './catalog';
import { clamp, fixed, sig, type Random } from './prng';

/** Security profiles: how a synthetic token's report is drawn. */
export const EVM_PROFILES = [
  'clean',
  'caution',
  'risky',
  'honeypot',
  'unverified',
  'partial',
] as const;
export const SOLANA_PROFILES = [
  'clean',
  'mint',
  'freeze',
  'mint_freeze',
  'rug',
  'soulbound',
  'thin',
  'fresh_pump',
] as const;
export type EvmProfile = (typeof EVM_PROFILES)[number];
export type SolanaProfile = (typeof SOLANA_PROFILES)[number];
export type Profile = EvmProfile | SolanaProfile;

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** Age mixture (seconds): minutes to months, log-uniform inside each segment. */
const AGE_SEGMENTS: readonly (readonly [[number, number], number])[] = [
  [[2 * MINUTE, HOUR], 0.14],
  [[HOUR, DAY], 0.26],
  [[DAY, 7 * DAY], 0.25],
  [[7 * DAY, 30 * DAY], 0.2],
  [[30 * DAY, 240 * DAY], 0.15],
];

type AgeGroup = 'young' | 'mid' | 'old';

const EVM_WEIGHTS: Record<AgeGroup, readonly (readonly [EvmProfile, number])[]> = {
  young: [
    ['clean', 22],
    ['caution', 24],
    ['risky', 20],
    ['honeypot', 14],
    ['unverified', 15],
    ['partial', 5],
  ],
  mid: [
    ['clean', 33],
    ['caution', 26],
    ['risky', 18],
    ['honeypot', 7],
    ['unverified', 12],
    ['partial', 4],
  ],
  old: [
    ['clean', 50],
    ['caution', 25],
    ['risky', 12],
    ['honeypot', 3],
    ['unverified', 7],
    ['partial', 3],
  ],
};

const SOLANA_WEIGHTS: Record<AgeGroup, readonly (readonly [SolanaProfile, number])[]> = {
  young: [
    ['clean', 25],
    ['mint', 10],
    ['freeze', 8],
    ['mint_freeze', 7],
    ['rug', 10],
    ['soulbound', 2],
    ['thin', 13],
    ['fresh_pump', 25],
  ],
  mid: [
    ['clean', 40],
    ['mint', 13],
    ['freeze', 10],
    ['mint_freeze', 8],
    ['rug', 8],
    ['soulbound', 2],
    ['thin', 12],
    ['fresh_pump', 7],
  ],
  old: [
    ['clean', 55],
    ['mint', 13],
    ['freeze', 10],
    ['mint_freeze', 8],
    ['rug', 4],
    ['soulbound', 1],
    ['thin', 9],
  ],
};

const EVM_SUPPLIES: readonly (readonly [number, number])[] = [
  [1e9, 35],
  [1e12, 15],
  [1e6, 5],
  [1e8, 10],
  [420.69e12, 5],
  [1e15, 10],
  [21e6, 5],
  [1e11, 15],
];

/** What the generator made, with the hidden profile of each token for statistics. */
export interface DexData {
  tokens: SnapshotDexToken[];
  pools: SnapshotPool[];
  profiles: Profile[];
}

interface Lockers {
  evm: Record<string, string>;
  solana: Record<string, string>;
}

const EVM_BURN = '0x000000000000000000000000000000000000dEaD';
const SOLANA_BURN = '1nc1nerator11111111111111111111111111111111';

/** Splits `count` tokens over chains by their shares, exactly (largest remainder). */
export function chainCounts(count: number): Map<ChainCode, number> {
  const raw = CHAIN_PROFILES.map((chain) => ({ code: chain.code, exact: chain.share * count }));
  const counts = new Map(raw.map((entry) => [entry.code, Math.floor(entry.exact)]));
  let left = count - [...counts.values()].reduce((sum, n) => sum + n, 0);
  for (const entry of [...raw].sort((a, b) => (b.exact % 1) - (a.exact % 1))) {
    if (left <= 0) break;
    counts.set(entry.code, (counts.get(entry.code) ?? 0) + 1);
    left -= 1;
  }
  return counts;
}

/** Generates `count` DEX tokens with their pools and security reports. */
export function generateDex(
  rng: Random,
  book: AddressBook,
  count: number,
  referenceTime: Date,
): DexData {
  for (const chain of CHAIN_PROFILES)
    for (const [quote] of chain.quotes) book.reserve(chain.code, quote.address);
  book.reserve('eth', EVM_BURN);
  book.reserve('solana', SOLANA_BURN);
  const lockers: Lockers = {
    evm: Object.fromEntries(
      LP_LOCK_TAGS.map((tag) => [tag, tag === 'Burn' ? EVM_BURN : book.next('eth')]),
    ),
    solana: Object.fromEntries(
      LP_LOCK_TAGS.map((tag) => [tag, tag === 'Burn' ? SOLANA_BURN : book.next('solana')]),
    ),
  };

  const chainOrder = rng.shuffle(
    [...chainCounts(count)].flatMap(([code, n]) => Array.from({ length: n }, () => code)),
  );
  const usedNames = new Set<string>();
  const data: DexData = { tokens: [], pools: [], profiles: [] };
  for (const code of chainOrder) {
    const chain = CHAIN_PROFILES.find((candidate) => candidate.code === code)!;
    makeToken(rng.fork(), book, lockers, chain, usedNames, referenceTime, data);
  }
  return data;
}

function tokenName(rng: Random, used: Set<string>): { name: string; symbol: string } {
  for (let attempt = 0; ; attempt += 1) {
    const prefix = rng.chance(0.7) ? `${rng.pick(NAME_PREFIXES)} ` : '';
    const noun = rng.pick(NAME_NOUNS);
    const suffix = rng.weighted(NAME_SUFFIXES.map(([text, weight]) => [text, weight] as const));
    const name = `${prefix}${noun}${suffix}`;
    if (used.has(name) && attempt < 20) continue;
    const finalName = used.has(name) ? `${name} ${attempt}` : name;
    used.add(finalName);
    const letters = (prefix ? prefix.slice(0, rng.int(1, 3)) : '') + noun.slice(0, rng.int(3, 5));
    return { name: finalName, symbol: letters.toUpperCase().replace(/[^A-Z0-9]/g, '') };
  }
}

function ageGroup(ageSec: number): AgeGroup {
  if (ageSec < DAY) return 'young';
  if (ageSec < 30 * DAY) return 'mid';
  return 'old';
}

function makeToken(
  rng: Random,
  book: AddressBook,
  lockers: Lockers,
  chain: ChainProfile,
  usedNames: Set<string>,
  referenceTime: Date,
  out: DexData,
): void {
  const solana = chainFamilyOf(chain.code) === 'solana';
  const ageRange = rng.weighted(AGE_SEGMENTS);
  const ageSec = Math.round(rng.logUniform(ageRange[0], ageRange[1]));
  const group = ageGroup(ageSec);
  const profile: Profile = solana
    ? rng.weighted(SOLANA_WEIGHTS[group])
    : rng.weighted(EVM_WEIGHTS[group]);
  const trusted =
    group === 'old' &&
    (profile === 'clean' || profile === 'caution' || profile === 'mint') &&
    rng.chance(0.08);

  const { name, symbol } = tokenName(rng, usedNames);
  const address = book.next(chain.code);
  const decimals = profile === 'fresh_pump' ? 6 : rng.weighted(chain.decimals);
  const supply = solana
    ? profile === 'fresh_pump' || rng.chance(0.6)
      ? 1e9
      : rng.weighted(EVM_SUPPLIES)
    : rng.weighted(EVM_SUPPLIES);

  // Liquidity and valuation.
  const liquidityMedian = { young: 12_000, mid: 45_000, old: 180_000 }[group];
  const profileFactor: Partial<Record<Profile, number>> = {
    honeypot: 0.4,
    rug: 0.4,
    risky: 0.6,
    unverified: 0.6,
    fresh_pump: 0.6,
    thin: 0.3,
    soulbound: 0.3,
  };
  const liquidity = sig(
    clamp(
      rng.logNormal(liquidityMedian * (profileFactor[profile] ?? 1) * (trusted ? 25 : 1), 1.5),
      250,
      150e6,
    ),
    6,
  );
  const fdv = sig(
    Math.max(liquidity * 1.1, liquidity * rng.logNormal({ young: 3, mid: 6, old: 12 }[group], 0.7)),
    6,
  );
  const verifiedCap = rng.chance({ young: 0.03, mid: 0.2, old: 0.5 }[group] + (trusted ? 0.5 : 0));
  const marketCap = verifiedCap ? sig(fdv * rng.uniform(0.35, 1), 6) : null;
  const price = sig(fdv / supply, 6);

  const quote = rng.weighted(chain.quotes);
  const dex = profile === 'fresh_pump' ? 'pumpswap' : rng.weighted(chain.dexes);
  const createdAt = new Date(referenceTime.getTime() - ageSec * 1000);
  const primary = makePool(rng, book, chain, {
    dex,
    quote,
    symbol,
    tokenAddress: address,
    createdAt,
    ageSec,
    liquidity,
    price,
    fdv,
    marketCap,
    profile,
    group,
  });
  const pools = [primary];
  if (ageSec > HOUR && rng.chance(0.18)) {
    const otherDexes = chain.dexes.filter(([id]) => id !== dex);
    const secondDex = otherDexes.length > 0 ? rng.weighted(otherDexes) : dex;
    const secondAge = Math.round(ageSec * rng.uniform(0.05, 0.9));
    pools.push(
      makePool(rng, book, chain, {
        dex: secondDex,
        quote: rng.weighted(chain.quotes),
        symbol,
        tokenAddress: address,
        createdAt: new Date(referenceTime.getTime() - secondAge * 1000),
        ageSec: secondAge,
        liquidity: sig(liquidity * rng.uniform(0.05, 0.5), 6),
        price: sig(price * rng.uniform(0.985, 1.015), 6),
        fdv,
        marketCap,
        profile,
        group,
      }),
    );
  }

  const holderCount = Math.round(
    clamp(
      rng.logNormal(
        40 *
          Math.pow(ageSec / HOUR + 1, 0.55) *
          (profile === 'honeypot' || profile === 'thin' ? 0.3 : 1) *
          (trusted ? 30 : 1),
        0.8,
      ),
      3,
      900_000,
    ),
  );
  const dexDetails: DexDetail[] = pools.map((pool) => ({
    dex_name: pool.dex,
    id: pool.address,
    type: solana
      ? pool.dex.includes('clmm') || pool.dex === 'orca' || pool.dex === 'meteora'
        ? 'Concentrated'
        : 'Standard'
      : pool.dex.includes('v3') || pool.dex.includes('v2-1')
        ? 'UniV3'
        : 'UniV2',
    tvl: pool.reserve_in_usd,
    burn_percent: null,
  }));
  const context: ReportContext = {
    rng,
    book,
    lockers,
    chain,
    supply,
    holderCount,
    dexDetails,
    name,
    symbol,
    trusted,
  };
  const security = solana
    ? solanaReport(context, profile as SolanaProfile)
    : evmReport(context, profile as EvmProfile);

  out.tokens.push({
    chainName: chain.code,
    address,
    name,
    symbol,
    decimals,
    total_supply: BigInt(Math.round(supply)).toString(),
    trusted_token: trusted ? 1 : 0,
    security,
  });
  out.pools.push(...pools);
  out.profiles.push(profile);
}

interface PoolInput {
  dex: string;
  quote: ChainProfile['quotes'][number][0];
  symbol: string;
  tokenAddress: string;
  createdAt: Date;
  ageSec: number;
  liquidity: number;
  price: number;
  fdv: number;
  marketCap: number | null;
  profile: Profile;
  group: AgeGroup;
}

const WINDOWS = [5 * MINUTE, HOUR, 6 * HOUR, DAY] as const;

function makePool(
  rng: Random,
  book: AddressBook,
  chain: ChainProfile,
  input: PoolInput,
): SnapshotPool {
  const { ageSec, profile } = input;
  // Price moves: log-returns accumulate from 5 minutes to 24 hours; young pools swing harder.
  const volatility = 0.06 + 0.8 * Math.exp(-ageSec / HOUR / 36);
  const steps = [0.08, 0.25, 0.5, 0.7].map((scale) => rng.normal(0, volatility * scale));
  const returns: number[] = [];
  let total = 0;
  for (const step of steps) {
    total += step;
    returns.push(total);
  }
  if (profile === 'honeypot')
    for (let i = 0; i < returns.length; i += 1) returns[i] = Math.abs(returns[i]!);
  if ((profile === 'rug' || profile === 'risky') && rng.chance(0.25)) {
    const dump = Math.log(rng.uniform(0.05, 0.4));
    returns[2] = returns[2]! + dump * 0.6;
    returns[3] = returns[3]! + dump;
  }
  // Windows longer than the pool's life read the change since launch.
  const firstCovering = WINDOWS.findIndex((window) => window >= ageSec);
  if (firstCovering >= 0)
    for (let i = firstCovering + 1; i < 4; i += 1) returns[i] = returns[firstCovering]!;
  const change = returns.map((r) => fixed((Math.exp(r) - 1) * 100, 2));

  // Volume over 24 h, then the share of it in each shorter window.
  const turnover = rng.logNormal(
    { young: 2.5, mid: 0.6, old: 0.25 }[input.group] * (profile === 'honeypot' ? 1.5 : 1),
    1,
  );
  // A pool younger than a day has had less time to trade: volume grows sub-linearly with age
  // (launch minutes are busy).
  const v24 = input.liquidity * turnover * Math.min(1, Math.pow(ageSec / DAY, 0.45));
  const share6 =
    ageSec <= 6 * HOUR
      ? 1
      : ageSec < DAY
        ? clamp(((6 * HOUR) / ageSec) * rng.uniform(0.8, 1.6), 0, 1)
        : rng.uniform(0.12, 0.5);
  const share1 =
    ageSec <= HOUR
      ? 1
      : clamp((HOUR / Math.min(6 * HOUR, ageSec)) * rng.uniform(0.6, 1.8), 0.02, 1);
  const share5m =
    ageSec <= 5 * MINUTE
      ? 1
      : clamp(((5 * MINUTE) / Math.min(HOUR, ageSec)) * rng.uniform(0.3, 2.5), 0, 1);
  const v6 = v24 * share6;
  const v1 = v6 * share1;
  const v5m = v1 * share5m;
  const volumes = [v5m, v1, v6, v24].map((v) => sig(v, 6));

  // Transactions from volume and a typical trade size; honeypots see almost no sells.
  const tradeSize = chain.tradeUsd * rng.logNormal(1, 0.5);
  const buyShare =
    profile === 'honeypot'
      ? rng.uniform(0.97, 1)
      : clamp(0.5 + (returns[3] ?? 0) * 0.15 + rng.normal(0, 0.05), 0.2, 0.85);
  const tx = (volume: number) => {
    const count = Math.round(volume / tradeSize);
    const buys = Math.round(count * buyShare);
    return { buys, sells: count - buys };
  };
  return {
    chainName: chain.code,
    address: book.next(chain.code),
    dex: input.dex,
    name: `${input.symbol} / ${input.quote.symbol}`,
    base_token_address: input.tokenAddress,
    quote_token_address: input.quote.address,
    quote_token_symbol: input.quote.symbol,
    pool_created_at: input.createdAt.toISOString(),
    base_token_price_usd: input.price,
    base_token_price_native_currency: sig(input.price / chain.nativeUsd, 6),
    reserve_in_usd: input.liquidity,
    fdv_usd: input.fdv,
    market_cap_usd: input.marketCap,
    price_change_percentage: { m5: change[0]!, h1: change[1]!, h6: change[2]!, h24: change[3]! },
    transactions: {
      m5: tx(volumes[0]!),
      h1: tx(volumes[1]!),
      h6: tx(volumes[2]!),
      h24: tx(volumes[3]!),
    },
    volume_usd: { m5: volumes[0]!, h1: volumes[1]!, h6: volumes[2]!, h24: volumes[3]! },
  };
}

interface ReportContext {
  rng: Random;
  book: AddressBook;
  lockers: Lockers;
  chain: ChainProfile;
  supply: number;
  holderCount: number;
  dexDetails: DexDetail[];
  name: string;
  symbol: string;
  trusted: boolean;
}

function amount(supply: number, fraction: number): string {
  return BigInt(Math.round(supply * fraction)).toString();
}

/** Top holders: the largest holds `topShare`, each next one a part of the one before. */
function topHolders(ctx: ReportContext, topShare: number, poolTag: string | null): Holder[] {
  const { rng } = ctx;
  const holders: Holder[] = [];
  let share = topShare;
  const n = rng.int(2, 4);
  for (let i = 0; i < n; i += 1) {
    const percent = fixed(share, 6);
    holders.push({
      address: ctx.book.random(ctx.chain.code),
      tag: i === 0 && poolTag ? poolTag : null,
      is_contract: i === 0 && poolTag ? 1 : 0,
      balance: amount(ctx.supply, percent),
      percent,
      is_locked: 0,
    });
    share *= rng.uniform(0.3, 0.8);
  }
  return holders;
}

function lpHolders(ctx: ReportContext, lockedShare: number): Holder[] {
  const { rng } = ctx;
  const solana = chainFamilyOf(ctx.chain.code) === 'solana';
  const holders: Holder[] = [];
  const lpSupply = rng.logUniform(10, 1e7);
  if (lockedShare > 0) {
    const tag = rng.weighted(LP_LOCK_TAGS.map((t) => [t, t === 'Burn' ? 4 : 1] as const));
    holders.push({
      address: (solana ? ctx.lockers.solana : ctx.lockers.evm)[tag] ?? null,
      tag,
      is_contract: tag === 'Burn' ? 0 : 1,
      balance: String(sig(lpSupply * lockedShare, 6)),
      percent: fixed(lockedShare, 6),
      is_locked: 1,
    });
  }
  let unlocked = 1 - lockedShare;
  while (unlocked > 0.0005 && holders.length < 4) {
    const share = holders.length === 3 ? unlocked : unlocked * rng.uniform(0.5, 1);
    holders.push({
      address: ctx.book.random(ctx.chain.code),
      tag: null,
      is_contract: 0,
      balance: String(sig(lpSupply * share, 6)),
      percent: fixed(share, 6),
      is_locked: 0,
    });
    unlocked -= share;
  }
  return holders;
}

const CAUTION_FLAGS = [
  'is_mintable',
  'slippage_modifiable',
  'is_proxy',
  'is_blacklisted',
  'is_whitelisted',
  'is_anti_whale',
  'trading_cooldown',
  'external_call',
] as const;
const RISKY_FLAGS = [
  'hidden_owner',
  'is_proxy',
  'is_mintable',
  'personal_slippage_modifiable',
  'transfer_pausable',
  'can_take_back_ownership',
  'external_call',
  'slippage_modifiable',
  'is_blacklisted',
  'owner_change_balance',
  'selfdestruct',
  'cannot_sell_all',
  'trading_cooldown',
] as const;
const UNVERIFIED_NULLS = [
  'hidden_owner',
  'selfdestruct',
  'is_mintable',
  'can_take_back_ownership',
  'owner_change_balance',
  'external_call',
  'transfer_pausable',
  'trading_cooldown',
  'is_blacklisted',
  'is_whitelisted',
  'is_anti_whale',
  'anti_whale_modifiable',
  'slippage_modifiable',
  'personal_slippage_modifiable',
  'cannot_sell_all',
] as const;

function evmReport(ctx: ReportContext, profile: EvmProfile): SecurityReport {
  const { rng } = ctx;
  const renounced =
    profile === 'clean'
      ? rng.chance(0.7)
      : profile === 'caution'
        ? rng.chance(0.35)
        : rng.chance(0.1);
  const report: SecurityReport = {
    ...emptySecurityReport(),
    hidden_owner: 0,
    selfdestruct: 0,
    is_honeypot: 0,
    honeypot_with_same_creator: 0,
    is_proxy: 0,
    cannot_buy: 0,
    total_supply: amount(ctx.supply, 1),
    holder_count: ctx.holderCount,
    transfer_pausable: 0,
    trading_cooldown: 0,
    owner_percent: renounced ? 0 : fixed(rng.uniform(0, 0.04), 6),
    is_whitelisted: 0,
    is_blacklisted: 0,
    is_in_dex: 1,
    is_open_source: 1,
    sell_tax: 0,
    buy_tax: 0,
    creator_percent: fixed(rng.uniform(0, 0.03), 6),
    can_take_back_ownership: 0,
    slippage_modifiable: 0,
    external_call: 0,
    cannot_sell_all: 0,
    personal_slippage_modifiable: 0,
    is_anti_whale: 0,
    is_mintable: 0,
    owner_change_balance: 0,
    anti_whale_modifiable: 0,
    dexDetails: ctx.dexDetails,
  };
  let locked = rng.uniform(0.9, 1);
  let topShare = rng.uniform(0.04, 0.2);
  const set = (flags: readonly (keyof SecurityReport)[], min: number, max: number) => {
    for (const flag of rng.shuffle(flags).slice(0, rng.int(min, max)))
      (report as Record<string, unknown>)[flag] = 1;
  };

  switch (profile) {
    case 'clean':
      if (rng.chance(0.3)) report.is_anti_whale = 1;
      if (rng.chance(0.25)) {
        report.buy_tax = fixed(rng.uniform(0, 0.02), 4);
        report.sell_tax = fixed(rng.uniform(0, 0.02), 4);
      }
      if (rng.chance(0.15)) locked = rng.uniform(0.6, 0.9);
      break;
    case 'caution':
      set(CAUTION_FLAGS, 1, 3);
      if (report.is_anti_whale === 1 && rng.chance(0.5)) report.anti_whale_modifiable = 1;
      report.buy_tax = fixed(rng.uniform(0.005, 0.06), 4);
      report.sell_tax = fixed(rng.uniform(0.005, 0.07), 4);
      report.owner_percent = renounced ? 0 : fixed(rng.uniform(0.02, 0.15), 6);
      locked = rng.uniform(0.5, 1);
      topShare = rng.uniform(0.08, 0.3);
      break;
    case 'risky':
      set(RISKY_FLAGS, 2, 5);
      report.buy_tax = fixed(rng.uniform(0.02, 0.2), 4);
      report.sell_tax = fixed(rng.uniform(0.05, 0.35), 4);
      report.owner_percent = fixed(rng.uniform(0.05, 0.5), 6);
      report.creator_percent = fixed(rng.uniform(0.02, 0.3), 6);
      locked = rng.chance(0.4) ? 0 : rng.uniform(0, 0.6);
      topShare = rng.uniform(0.15, 0.5);
      if (rng.chance(0.04)) report.cannot_buy = 1;
      break;
    case 'honeypot':
      report.is_honeypot = 1;
      report.sell_tax = rng.weighted([
        [1, 5],
        [fixed(rng.uniform(0.5, 0.99), 4), 3],
        [0, 2],
      ]);
      report.buy_tax = fixed(rng.uniform(0, 0.1), 4);
      if (rng.chance(0.6)) report.cannot_sell_all = 1;
      if (rng.chance(0.5)) report.slippage_modifiable = 1;
      if (rng.chance(0.4)) report.hidden_owner = 1;
      if (rng.chance(0.3)) report.owner_change_balance = 1;
      if (rng.chance(0.3)) report.is_blacklisted = 1;
      if (rng.chance(0.5)) report.honeypot_with_same_creator = rng.int(1, 6);
      report.owner_percent = fixed(rng.uniform(0, 0.3), 6);
      locked = rng.chance(0.7) ? 0 : rng.uniform(0, 0.3);
      topShare = rng.uniform(0.2, 0.6);
      break;
    case 'unverified':
      report.is_open_source = 0;
      report.is_proxy = rng.chance(0.3) ? 1 : 0;
      for (const key of UNVERIFIED_NULLS) (report as Record<string, unknown>)[key] = null;
      report.is_honeypot = rng.weighted([
        [0, 17],
        [1, 2],
        [null, 1],
      ]);
      report.owner_percent = null;
      report.honeypot_with_same_creator = rng.chance(0.8) ? 0 : null;
      if (rng.chance(0.2)) {
        report.sell_tax = null;
        report.buy_tax = null;
      } else {
        report.buy_tax = fixed(rng.uniform(0, 0.1), 4);
        report.sell_tax = report.is_honeypot === 1 ? 1 : fixed(rng.uniform(0, 0.15), 4);
      }
      locked = rng.chance(0.5) ? 0 : rng.uniform(0, 1);
      topShare = rng.uniform(0.1, 0.4);
      break;
    case 'partial':
      set(CAUTION_FLAGS, 0, 2);
      break;
  }

  const poolTag = ctx.dexDetails[0]?.type === 'UniV3' ? 'UniswapV3' : 'UniswapV2';
  report.holders = topHolders(ctx, topShare, poolTag);
  report.lp_holders = lpHolders(ctx, locked < 0.01 ? 0 : locked);
  if (report.owner_percent !== null)
    report.owner_balance = amount(ctx.supply, report.owner_percent);

  if (profile === 'partial') {
    // GoPlus answers "code 2, partial data": some facts are not in yet.
    const keys = Object.keys(report).filter(
      (key) => key !== 'dexDetails' && !LATER_REPORT_FIELDS.has(key),
    ) as (keyof SecurityReport)[];
    for (const key of rng.shuffle(keys).slice(0, rng.int(3, 8)))
      (report as Record<string, unknown>)[key] = null;
  }
  if (ctx.trusted) report.holder_count = Math.max(report.holder_count ?? 0, 20_000);
  return report;
}

function authority(ctx: ReportContext, status: 0 | 1, malicious = false) {
  return {
    status,
    authority:
      status === 1
        ? [
            {
              address: ctx.book.random(ctx.chain.code),
              malicious_address: malicious ? (1 as const) : (0 as const),
            },
          ]
        : [],
  };
}

/**
 * Report fields added after the snapshot's draws were fixed (GoPlus's Solana powers, what a source
 * cannot measure): null on EVM reports, and kept out of the "partial data" draw so that the same
 * seed still gives the same tokens.
 */
const LATER_REPORT_FIELDS = new Set<string>([
  'metadata_mutable',
  'transfer_fee',
  'transfer_fee_upgradable',
  'transfer_hook',
  'transfer_hook_upgradable',
  'default_account_state',
  'default_account_state_upgradable',
  'balance_mutable_authority',
  'closable',
  'unmeasurable_fields',
] satisfies (keyof SecurityReport)[]);

/** GoPlus's Solana powers of a classic SPL mint with immutable metadata: each one absent. */
function classicMintPowers(): Partial<SecurityReport> {
  const none = () => ({ status: 0 as const, authority: [] });
  return {
    metadata_mutable: { status: 0, metadata_upgrade_authority: [] },
    transfer_fee: { current_fee_rate: null, scheduled_fee_rate: [] },
    transfer_fee_upgradable: none(),
    transfer_hook: [],
    transfer_hook_upgradable: none(),
    default_account_state: 1,
    default_account_state_upgradable: none(),
    balance_mutable_authority: none(),
    closable: none(),
    // GoPlus has no Solana field for it; a classic mint cannot be paused.
    transfer_pausable: 0,
  };
}

function solanaReport(ctx: ReportContext, profile: SolanaProfile): SecurityReport {
  const { rng } = ctx;
  const mint =
    profile === 'mint' || profile === 'mint_freeze' || (profile === 'rug' && rng.chance(0.6))
      ? 1
      : 0;
  const freeze =
    profile === 'freeze' || profile === 'mint_freeze' || (profile === 'rug' && rng.chance(0.7))
      ? 1
      : 0;
  const creatorMalicious = profile === 'rug' && rng.chance(0.7);
  let topShare = rng.uniform(0.03, 0.15);
  let locked: number | null = rng.uniform(0.95, 1);
  let metadataName: string | null = ctx.name;
  let metadataSymbol: string | null = ctx.symbol;
  let creators: { address: string; malicious_address: 0 | 1 }[] | null = [
    { address: ctx.book.random('solana'), malicious_address: creatorMalicious ? 1 : 0 },
  ];
  switch (profile) {
    case 'rug':
      topShare = rng.uniform(0.3, 0.8);
      locked = rng.chance(0.6) ? 0 : rng.uniform(0, 0.5);
      break;
    case 'thin':
      if (rng.chance(0.5)) metadataSymbol = null;
      else metadataName = '';
      topShare = rng.uniform(0.15, 0.5);
      locked = rng.chance(0.5) ? null : rng.uniform(0.3, 1);
      if (rng.chance(0.4)) creators = null;
      break;
    case 'fresh_pump':
      topShare = rng.uniform(0.08, 0.3);
      locked = rng.chance(0.7) ? null : 1;
      creators = rng.chance(0.6) ? [] : creators;
      break;
    case 'soulbound':
      topShare = rng.uniform(0.2, 0.6);
      break;
    default:
      if (rng.chance(0.35)) locked = null;
  }
  const report: SecurityReport = {
    ...emptySecurityReport(),
    total_supply: amount(ctx.supply, 1),
    holder_count: ctx.holderCount,
    non_transferable: profile === 'soulbound' ? 1 : 0,
    mintable: authority(ctx, mint),
    freezable: authority(ctx, freeze, creatorMalicious && rng.chance(0.5)),
    // The Token-2022 powers as GoPlus reports a classic SPL mint: none of them (no random draw,
    // so the rest of the snapshot is unchanged by their arrival).
    ...classicMintPowers(),
    metadata: { name: metadataName, symbol: metadataSymbol, description: null, uri: null },
    creators,
    holders: topHolders(ctx, topShare, null),
    lp_holders: locked === null ? [] : lpHolders(ctx, locked < 0.01 ? 0 : locked),
    dexDetails: ctx.dexDetails.map((detail) => ({
      ...detail,
      burn_percent: detail.type === 'Standard' && locked !== null ? fixed(locked * 100, 2) : null,
    })),
  };
  if (ctx.trusted) report.holder_count = Math.max(report.holder_count ?? 0, 20_000);
  return report;
}
