/**
 * The Solana half of the scam-analyzer corpus as data: per scenario mint, how it is made on a
 * local cluster (`createSolanaScenarioMint`) and what an analyzer must find for it.
 *
 * Every scenario is the clean mint with one thing changed, so each expectation is the clean one
 * with that thing's fields over it: a test then also proves that one risk does not leak into the
 * others' fields. The clean mint is what a careful launch looks like: supply minted, mint
 * authority revoked, no freeze authority, Metaplex metadata made immutable, supply spread over
 * 20 holders of 5 % each.
 */

/** What the analyzer must report, field by field, in the report's own names. */
export interface SolanaScenarioExpectation {
  /** `mintable.status`: the mint authority is still set. */
  mintable: 0 | 1;
  /** `freezable.status`: the freeze authority is still set. */
  freezable: 0 | 1;
  non_transferable: 0 | 1;
  /** Token-2022 transfer fee, charged on every transfer, buys and sells alike (fraction). */
  buy_tax: number;
  sell_tax: number;
  /** The transfer fee's authority can change the fee. */
  slippage_modifiable: 0 | 1;
  /** A permanent delegate can move or burn any holder's tokens. */
  owner_change_balance: 0 | 1;
  /** Every transfer calls a transfer-hook program. */
  external_call: 0 | 1;
  /** New token accounts start frozen: only accounts the freeze authority thaws can trade. */
  is_whitelisted: 0 | 1;
  /** `metadata.name` present (Metaplex or Token-2022 metadata). */
  metadata: 0 | 1;
  /** Largest holder's share of the supply (`holders[0].percent`). */
  top_holder_percent: number;
  /** GoPlus Solana fields that core's report does not have yet (the analyzer's `solana` part). */
  metadata_mutable: 0 | 1;
  /** GoPlus `default_account_state`: 1 initialized, 2 frozen. */
  default_account_state: 1 | 2;
}

/** How the mint is made. */
export interface SolanaScenarioSpec {
  program: 'token' | 'token-2022';
  /** Keep the mint authority after the supply is minted (else it is revoked). */
  keepMintAuthority?: boolean;
  freezeAuthority?: boolean;
  /** Token-2022 transfer fee in basis points (its authority is the devnet authority). */
  transferFeeBasisPoints?: number;
  nonTransferable?: boolean;
  defaultFrozen?: boolean;
  transferHook?: boolean;
  permanentDelegate?: boolean;
  /** Metaplex metadata left mutable (else made immutable). */
  mutableMetadata?: boolean;
  /** Shares of the supply per holder, in basis points; default 20 holders of 5 %. */
  holderShares?: readonly number[];
}

export interface SolanaScenario {
  name: SolanaScenarioName;
  risky: boolean;
  /** One sentence: what the mint does, in the words a user would need. */
  description: string;
  spec: SolanaScenarioSpec;
  expected: SolanaScenarioExpectation;
}

/** Decimals and supply of every scenario mint: 1,000,000 whole tokens. */
export const SOLANA_SCENARIO_DECIMALS = 6;
export const SOLANA_SCENARIO_SUPPLY = 1_000_000n * 10n ** BigInt(SOLANA_SCENARIO_DECIMALS);
const SPREAD: readonly number[] = Array.from({ length: 20 }, () => 500);

const CLEAN: SolanaScenarioExpectation = {
  mintable: 0,
  freezable: 0,
  non_transferable: 0,
  buy_tax: 0,
  sell_tax: 0,
  slippage_modifiable: 0,
  owner_change_balance: 0,
  external_call: 0,
  is_whitelisted: 0,
  metadata: 1,
  top_holder_percent: 0.05,
  metadata_mutable: 0,
  default_account_state: 1,
};

const expect = (findings: Partial<SolanaScenarioExpectation>): SolanaScenarioExpectation => ({
  ...CLEAN,
  ...findings,
});

export const SOLANA_SCENARIOS = [
  {
    name: 'solana-clean',
    risky: false,
    description:
      'Supply minted, mint authority revoked, no freeze authority, immutable metadata, 20 holders.',
    spec: { program: 'token' },
    expected: CLEAN,
  },
  {
    name: 'solana-clean-token-2022',
    risky: false,
    description: 'The clean mint on the Token-2022 program, with no extension.',
    spec: { program: 'token-2022' },
    expected: CLEAN,
  },
  {
    name: 'solana-mintable',
    risky: true,
    description: 'The mint authority is kept: its holder can mint any amount at any time.',
    spec: { program: 'token', keepMintAuthority: true },
    expected: expect({ mintable: 1 }),
  },
  {
    name: 'solana-freezable',
    risky: true,
    description: 'A freeze authority can freeze any holder’s account, so that it cannot sell.',
    spec: { program: 'token', freezeAuthority: true },
    expected: expect({ freezable: 1 }),
  },
  {
    name: 'solana-transfer-fee',
    risky: true,
    description: 'Token-2022 transfer fee of 5 % on every transfer, which its authority can raise.',
    spec: { program: 'token-2022', transferFeeBasisPoints: 500 },
    expected: expect({ buy_tax: 0.05, sell_tax: 0.05, slippage_modifiable: 1 }),
  },
  {
    name: 'solana-non-transferable',
    risky: true,
    description: 'Token-2022 non-transferable (soul-bound): holders can never move or sell it.',
    spec: { program: 'token-2022', nonTransferable: true },
    expected: expect({ non_transferable: 1 }),
  },
  {
    name: 'solana-default-frozen',
    risky: true,
    description:
      'Token-2022 default account state frozen: a buyer’s account starts frozen until the freeze authority thaws it.',
    spec: { program: 'token-2022', freezeAuthority: true, defaultFrozen: true },
    expected: expect({ freezable: 1, is_whitelisted: 1, default_account_state: 2 }),
  },
  {
    name: 'solana-transfer-hook',
    risky: true,
    description:
      'Token-2022 transfer hook: every transfer runs a program of the creator’s, which can refuse it.',
    spec: { program: 'token-2022', transferHook: true },
    expected: expect({ external_call: 1 }),
  },
  {
    name: 'solana-permanent-delegate',
    risky: true,
    description:
      'Token-2022 permanent delegate: one address can move or burn anyone’s tokens without asking.',
    spec: { program: 'token-2022', permanentDelegate: true },
    expected: expect({ owner_change_balance: 1 }),
  },
  {
    name: 'solana-mutable-metadata',
    risky: true,
    description: 'The metadata stays mutable: its update authority can rename the token at will.',
    spec: { program: 'token', mutableMetadata: true },
    expected: expect({ metadata_mutable: 1 }),
  },
  {
    name: 'solana-concentrated-holders',
    risky: true,
    description: 'One wallet holds 80 % of the supply; four others hold 5 % each.',
    spec: { program: 'token', holderShares: [8_000, 500, 500, 500, 500] },
    expected: expect({ top_holder_percent: 0.8 }),
  },
] as const satisfies readonly (Omit<SolanaScenario, 'name'> & { name: string })[];

export type SolanaScenarioName = (typeof SOLANA_SCENARIOS)[number]['name'];

/** The scenario of `name`. */
export function solanaScenarioByName(name: SolanaScenarioName): SolanaScenario {
  const scenario = SOLANA_SCENARIOS.find((entry) => entry.name === name);
  if (!scenario) throw new Error(`Unknown Solana scenario ${name}`);
  return scenario as SolanaScenario;
}

/** The holder shares of a spec, in basis points. */
export function solanaScenarioHolderShares(spec: SolanaScenarioSpec): readonly number[] {
  return spec.holderShares ?? SPREAD;
}
