import { emptySecurityReport, type SecurityReport } from './security-report';

/**
 * Small typed report builders for tests and placeholder data (web skeletons, server tests).
 * Each returns a fresh object; override fields with a spread.
 */

/** An EVM report with every fact known and clean: it scores 100. */
export function cleanEvmReport(overrides: Partial<SecurityReport> = {}): SecurityReport {
  return {
    ...emptySecurityReport(),
    hidden_owner: 0,
    selfdestruct: 0,
    is_honeypot: 0,
    honeypot_with_same_creator: 0,
    is_proxy: 0,
    cannot_buy: 0,
    total_supply: '1000000000',
    holder_count: 12_400,
    transfer_pausable: 0,
    trading_cooldown: 0,
    owner_percent: 0,
    is_whitelisted: 0,
    is_blacklisted: 0,
    is_in_dex: 1,
    is_open_source: 1,
    sell_tax: 0,
    buy_tax: 0,
    creator_percent: 0,
    owner_balance: '0',
    can_take_back_ownership: 0,
    slippage_modifiable: 0,
    external_call: 0,
    cannot_sell_all: 0,
    personal_slippage_modifiable: 0,
    is_anti_whale: 0,
    is_mintable: 0,
    owner_change_balance: 0,
    anti_whale_modifiable: 0,
    lp_holders: [
      {
        address: '0x000000000000000000000000000000000000dEaD',
        tag: 'Burn',
        is_contract: 0,
        balance: '95.5',
        percent: 0.955,
        is_locked: 1,
      },
      {
        address: '0x1111111111111111111111111111111111111111',
        tag: null,
        is_contract: 0,
        balance: '4.5',
        percent: 0.045,
        is_locked: 0,
      },
    ],
    ...overrides,
  };
}

/** A Solana report with every fact known and clean: it scores 100. */
export function cleanSolanaReport(overrides: Partial<SecurityReport> = {}): SecurityReport {
  return {
    ...emptySecurityReport(),
    total_supply: '999999000',
    holder_count: 8_200,
    non_transferable: 0,
    mintable: { status: 0, authority: [] },
    freezable: { status: 0, authority: [] },
    metadata: { name: 'Frog', symbol: 'FROG', description: null, uri: null },
    creators: [{ address: 'So11111111111111111111111111111111111111112', malicious_address: 0 }],
    holders: [
      {
        address: null,
        tag: null,
        is_contract: null,
        balance: '52000000',
        percent: 0.052,
        is_locked: 0,
      },
    ],
    lp_holders: [
      {
        address: null,
        tag: 'Burn',
        is_contract: null,
        balance: '4410.2',
        percent: 0.992,
        is_locked: 1,
      },
    ],
    dexDetails: [
      { dex_name: 'raydium', id: null, type: 'Standard', tvl: 250_000, burn_percent: 99.2 },
    ],
    metadata_mutable: { status: 0, metadata_upgrade_authority: [] },
    transfer_fee: { current_fee_rate: null, scheduled_fee_rate: [] },
    transfer_fee_upgradable: { status: 0, authority: [] },
    transfer_hook: [],
    transfer_hook_upgradable: { status: 0, authority: [] },
    default_account_state: 1,
    default_account_state_upgradable: { status: 0, authority: [] },
    balance_mutable_authority: { status: 0, authority: [] },
    closable: { status: 0, authority: [] },
    transfer_pausable: 0,
    ...overrides,
  };
}

/** A honeypot on an EVM chain: cannot be sold, sell tax 100 %, LP unlocked. */
export function honeypotEvmReport(overrides: Partial<SecurityReport> = {}): SecurityReport {
  return cleanEvmReport({
    is_honeypot: 1,
    sell_tax: 1,
    cannot_sell_all: 1,
    lp_holders: [
      { address: null, tag: null, is_contract: 0, balance: '100', percent: 1, is_locked: 0 },
    ],
    ...overrides,
  });
}
