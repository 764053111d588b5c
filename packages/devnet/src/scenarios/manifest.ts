import type { SecurityReport } from '@vaultscope/core';
import { parseEther, type Address } from 'viem';
import type { ScenarioContractName } from './artifacts';

/**
 * The scam-analyzer corpus as data: per scenario token, how it is deployed and set up, and the
 * security-report fields an analyzer must find for it (core's `securityReportSchema` names).
 *
 * Expected fields come in three groups, by the analysis that can establish them, so each part of
 * the analyzer is tested against the fields it owns:
 * - `code`: from the bytecode alone (proxies followed, opcodes reachable from `transfer`);
 * - `privileges`: from calling the token's non-standard functions as each privileged caller on a
 *   throwaway fork and diffing the state;
 * - `trading`: from buying and selling through the token's pool on a fork.
 * A field a scenario leaves out is ambiguous for it by design (e.g. a max-transaction limit set to
 * zero also stops every transfer: is that `transfer_pausable`?) and is not scored.
 * Taxes are fractions; a measured tax matches within {@link TAX_TOLERANCE}.
 */

export const TAX_TOLERANCE = 0.01;

/** The fields each analysis group owns. */
export const CODE_FIELDS = ['is_proxy', 'selfdestruct', 'external_call'] as const;
export const PRIVILEGE_FIELDS = [
  'is_mintable',
  'owner_change_balance',
  'is_blacklisted',
  'transfer_pausable',
  'can_take_back_ownership',
  'hidden_owner',
  'slippage_modifiable',
  'personal_slippage_modifiable',
  'anti_whale_modifiable',
] as const;
export const TRADING_FIELDS = [
  'is_honeypot',
  'cannot_buy',
  'cannot_sell_all',
  'buy_tax',
  'sell_tax',
  'trading_cooldown',
  'is_anti_whale',
] as const;

export type CodeField = (typeof CODE_FIELDS)[number];
export type PrivilegeField = (typeof PRIVILEGE_FIELDS)[number];
export type TradingField = (typeof TRADING_FIELDS)[number];
export type ExpectedField = CodeField | PrivilegeField | TradingField;

export interface ScenarioExpectation {
  code: Partial<Pick<SecurityReport, CodeField>>;
  privileges: Partial<Pick<SecurityReport, PrivilegeField>>;
  trading: Partial<Pick<SecurityReport, TradingField>>;
}

/** What setup steps and constructor arguments may refer to. */
export interface ScenarioContext {
  /** The account that deploys and owns the token. */
  deployer: Address;
  /** A second account, for the hidden-owner scenario: privileged, yet not `owner()`. */
  operator: Address;
  /** Initial supply in base units (18 decimals), all minted to the deployer. */
  supply: bigint;
  /** Contracts deployed before the token (`helpers`), by key. */
  helpers: Readonly<Record<string, Address>>;
}

/** How the token is deployed. Proxies and clones all front the `UpgradeableToken` implementation. */
export type ScenarioDeployment =
  | {
      kind: 'contract';
      contract: ScenarioContractName;
      args: (context: ScenarioContext) => readonly unknown[];
    }
  | {
      kind: 'transparent-proxy' | 'beacon-proxy' | 'uups-proxy' | 'minimal-proxy';
      name: string;
      symbol: string;
    };

export interface ScenarioHelper {
  key: string;
  contract: ScenarioContractName;
  args: (context: ScenarioContext) => readonly unknown[];
}

/** A call made on the token after deployment (and after `setPair` when a pair is known). */
export interface ScenarioSetupStep {
  functionName: string;
  args: (context: ScenarioContext) => readonly unknown[];
  /** Who sends it: the deployer unless said otherwise. */
  from?: 'deployer' | 'operator';
}

export interface Scenario {
  name: ScenarioName;
  risky: boolean;
  /** One sentence: what the token does, in the words a user would need. */
  description: string;
  deployment: ScenarioDeployment;
  helpers?: readonly ScenarioHelper[];
  /** Tells buys from sells by a pair address that the owner sets with `setPair(address)`. */
  pairAware: boolean;
  setup: readonly ScenarioSetupStep[];
  expected: ScenarioExpectation;
}

const NO_CODE_RISK = { is_proxy: 0, selfdestruct: 0, external_call: 0 } as const;
const NO_PRIVILEGE = {
  is_mintable: 0,
  owner_change_balance: 0,
  is_blacklisted: 0,
  transfer_pausable: 0,
  can_take_back_ownership: 0,
  hidden_owner: 0,
  slippage_modifiable: 0,
  personal_slippage_modifiable: 0,
  anti_whale_modifiable: 0,
} as const;
const NO_TRADING_RISK = {
  is_honeypot: 0,
  cannot_buy: 0,
  cannot_sell_all: 0,
  buy_tax: 0,
  sell_tax: 0,
  trading_cooldown: 0,
  is_anti_whale: 0,
} as const;

type ExpectedValues = Partial<Pick<SecurityReport, ExpectedField>>;

/** A clean baseline with the scenario's own findings over it, minus the fields left unscored. */
function expect(
  findings: ExpectedValues,
  unscored: readonly ExpectedField[] = [],
): ScenarioExpectation {
  const pick = <K extends ExpectedField>(base: Record<K, number>) => {
    const group: Partial<Record<K, number | null>> = {};
    for (const key of Object.keys(base) as K[]) {
      if (unscored.includes(key)) continue;
      group[key] = findings[key] !== undefined ? findings[key] : base[key];
    }
    return group;
  };
  return {
    code: pick(NO_CODE_RISK) as ScenarioExpectation['code'],
    privileges: pick(NO_PRIVILEGE) as ScenarioExpectation['privileges'],
    trading: pick(NO_TRADING_RISK) as ScenarioExpectation['trading'],
  };
}

const supplyOnly = (context: ScenarioContext): readonly unknown[] => [context.supply];
const renounce: ScenarioSetupStep = { functionName: 'renounceOwnership', args: () => [] };

const tokenContract = (contract: ScenarioContractName, args = supplyOnly): ScenarioDeployment => ({
  kind: 'contract',
  contract,
  args,
});

/** Proxies: an upgrade can do anything, so whether a probe that swaps code "pauses" is moot. */
const PROXY_UNSCORED = ['transfer_pausable'] as const;

export const SCENARIOS = [
  {
    name: 'honeypot-sell-reverts',
    risky: true,
    description: 'Buys work; every sell to the pair reverts, except the owner’s.',
    deployment: tokenContract('HoneypotToken'),
    pairAware: true,
    setup: [],
    expected: expect({ is_honeypot: 1, sell_tax: 1 }, ['cannot_sell_all']),
  },
  {
    name: 'sell-returns-dust',
    risky: true,
    description: 'Sells go through, but 99.9 % of the tokens sold go to the owner.',
    deployment: tokenContract('DustSellToken'),
    pairAware: true,
    setup: [],
    expected: expect({ is_honeypot: 1, sell_tax: 0.999 }, ['cannot_sell_all']),
  },
  {
    name: 'switchable-sell-tax',
    risky: true,
    description: '5 % buy and sell taxes that the owner can raise to 100 % at any time.',
    deployment: tokenContract('SwitchableTaxToken'),
    pairAware: true,
    setup: [],
    expected: expect({ buy_tax: 0.05, sell_tax: 0.05, slippage_modifiable: 1 }),
  },
  {
    name: 'plain-mint',
    risky: true,
    description: 'The owner can mint any amount with `mint(address,uint256)`.',
    deployment: tokenContract('MintableToken'),
    pairAware: true,
    setup: [],
    expected: expect({ is_mintable: 1 }),
  },
  {
    name: 'renamed-mint',
    risky: true,
    description:
      'The owner can mint through `syncRewardPool(address,uint256)`, a mint by another name.',
    deployment: tokenContract('RenamedMintToken'),
    pairAware: true,
    setup: [],
    expected: expect({ is_mintable: 1 }),
  },
  {
    name: 'blacklist',
    risky: true,
    description: 'The owner can mark addresses as bots; their transfers then revert.',
    deployment: tokenContract('BlacklistToken'),
    pairAware: true,
    setup: [],
    expected: expect({ is_blacklisted: 1 }),
  },
  {
    name: 'pause',
    risky: true,
    description: 'The owner can pause every transfer but their own.',
    deployment: tokenContract('PausableToken'),
    pairAware: true,
    setup: [],
    expected: expect({ transfer_pausable: 1 }),
  },
  {
    name: 'transparent-proxy',
    risky: true,
    description: 'An EIP-1967 transparent proxy whose admin can swap the token code.',
    deployment: { kind: 'transparent-proxy', name: 'Proxy Finance', symbol: 'PRXF' },
    pairAware: false,
    setup: [],
    expected: expect({ is_proxy: 1 }, PROXY_UNSCORED),
  },
  {
    name: 'beacon-proxy',
    risky: true,
    description: 'An EIP-1967 beacon proxy: the beacon’s owner can swap the token code.',
    deployment: { kind: 'beacon-proxy', name: 'Beacon Finance', symbol: 'BCNF' },
    pairAware: false,
    setup: [],
    expected: expect({ is_proxy: 1 }, PROXY_UNSCORED),
  },
  {
    name: 'uups-proxy',
    risky: true,
    description: 'An EIP-1822 (UUPS) proxy: the token’s owner can swap its code.',
    deployment: { kind: 'uups-proxy', name: 'Universal Finance', symbol: 'UUPSF' },
    pairAware: false,
    setup: [],
    expected: expect({ is_proxy: 1 }, PROXY_UNSCORED),
  },
  {
    name: 'minimal-proxy-clone',
    risky: true,
    description: 'An EIP-1167 minimal proxy: a 45-byte clone delegating to a token implementation.',
    deployment: { kind: 'minimal-proxy', name: 'Clone Coin', symbol: 'CLONE' },
    pairAware: false,
    setup: [],
    expected: expect({ is_proxy: 1 }, PROXY_UNSCORED),
  },
  {
    name: 'self-destruct',
    risky: true,
    description: 'The owner can call `migrate()`, which self-destructs the contract.',
    deployment: tokenContract('SelfDestructToken'),
    pairAware: true,
    setup: [],
    expected: expect({ selfdestruct: 1 }),
  },
  {
    name: 'trading-cooldown',
    risky: true,
    description: 'After a buy or a sell, the same address must wait 60 seconds to trade again.',
    deployment: tokenContract('CooldownToken'),
    pairAware: true,
    setup: [],
    // A huge cooldown stops trading (not transfers): left to the reader.
    expected: expect({ trading_cooldown: 1 }, ['transfer_pausable']),
  },
  {
    name: 'max-transaction',
    risky: true,
    description: 'No transfer may exceed 1 % of the supply; the owner can change the limit.',
    deployment: tokenContract('MaxTransactionToken'),
    pairAware: true,
    setup: [],
    // A limit of zero stops every transfer: pausing by another name, not scored either way.
    expected: expect({ is_anti_whale: 1, anti_whale_modifiable: 1 }, ['transfer_pausable']),
  },
  {
    name: 'max-transfer',
    risky: true,
    description:
      'Buys and sells have no limit, but no wallet-to-wallet transfer may exceed 0.1 % of the supply.',
    deployment: tokenContract('MaxTransferToken'),
    pairAware: true,
    setup: [],
    // The owner's setPair moves the limit onto trades: pointed at another address, the pool's
    // own transfers count as wallet transfers and a large buy reverts.
    expected: expect({ is_anti_whale: 1, anti_whale_modifiable: 1 }),
  },
  {
    name: 'cannot-sell-all',
    risky: true,
    description:
      'Sells must leave a tenth of a percent behind: 99 % of a balance sells, all of it reverts.',
    deployment: tokenContract('SellAllBlockedToken'),
    pairAware: true,
    setup: [],
    expected: expect({ cannot_sell_all: 1 }),
  },
  {
    name: 'personal-tax',
    risky: true,
    description:
      'No tax, but the owner can set a tax of up to 100 % on one chosen address’s trades.',
    deployment: tokenContract('PersonalTaxToken'),
    pairAware: true,
    setup: [],
    expected: expect({ personal_slippage_modifiable: 1 }),
  },
  {
    name: 'owner-rewrites-balances',
    risky: true,
    description: 'The owner can set any holder’s balance with `reconcile(address,uint256)`.',
    deployment: tokenContract('BalanceRewriteToken'),
    pairAware: true,
    setup: [],
    expected: expect({ owner_change_balance: 1 }),
  },
  {
    name: 'owner-sweeps-balances',
    risky: true,
    description:
      'The owner can move any holder’s tokens to itself with `settle(address,uint256)`; taking from an empty address reverts.',
    deployment: tokenContract('BalanceSweepToken'),
    pairAware: true,
    setup: [],
    expected: expect({ owner_change_balance: 1 }),
  },
  {
    name: 'reclaimable-ownership',
    risky: true,
    description:
      'Ownership is renounced, but the renouncer can call `unlock()` to take it (and the sell-fee switch) back.',
    deployment: tokenContract('ReclaimableOwnerToken'),
    pairAware: true,
    setup: [renounce],
    // Taking ownership back also brings back `setFee`, and the renouncer is a caller other than
    // owner(): both follow from can_take_back_ownership and are not scored on their own.
    expected: expect({ can_take_back_ownership: 1 }, ['slippage_modifiable', 'hidden_owner']),
  },
  {
    name: 'hidden-privileged-caller',
    risky: true,
    description:
      'Ownership is renounced, yet an operator address baked into the code can still mint.',
    deployment: tokenContract('HiddenOwnerToken', (context) => [context.supply, context.operator]),
    pairAware: true,
    setup: [renounce],
    expected: expect({ hidden_owner: 1, is_mintable: 1 }),
  },
  {
    name: 'external-call-in-transfer',
    risky: true,
    description:
      'Every transfer calls a tracker contract the owner controls; pointing it elsewhere stops all transfers.',
    deployment: tokenContract('ExternalCallToken', (context) => [
      context.supply,
      context.helpers['tracker'],
    ]),
    helpers: [{ key: 'tracker', contract: 'BalanceTracker', args: () => [] }],
    pairAware: true,
    setup: [],
    expected: expect({ external_call: 1, transfer_pausable: 1 }),
  },
  {
    name: 'clean-plain',
    risky: false,
    description: 'A plain ERC-20 with no owner; holders may burn their own tokens.',
    deployment: tokenContract('PlainToken'),
    pairAware: false,
    setup: [],
    expected: expect({}),
  },
  {
    name: 'clean-renounced',
    risky: false,
    description: 'An Ownable ERC-20 whose owner has renounced and never had powers anyway.',
    deployment: tokenContract('RenouncedToken'),
    pairAware: false,
    setup: [renounce],
    expected: expect({}),
  },
  {
    name: 'clean-fixed-supply',
    risky: false,
    description:
      'One billion tokens minted once at deployment; no owner, no functions beyond ERC-20.',
    deployment: tokenContract('FixedSupplyToken', () => []),
    pairAware: false,
    setup: [],
    expected: expect({}),
  },
] as const satisfies readonly (Omit<Scenario, 'name'> & { name: string })[];

export type ScenarioName = (typeof SCENARIOS)[number]['name'];

/** The default initial supply: 1,000,000 tokens (18 decimals). */
export const DEFAULT_SCENARIO_SUPPLY = parseEther('1000000');

export function scenarioByName(name: ScenarioName): Scenario {
  const scenario = (SCENARIOS as readonly Scenario[]).find((entry) => entry.name === name);
  if (!scenario) throw new Error(`No scenario named ${name}`);
  return scenario;
}
