import { z } from 'zod';
import { flagLike, numberLike } from '../parse';

/**
 * GoPlus token security answers (reference doc section 3) as they arrive: every field optional,
 * unknown keys kept out by zod's default strip. The envelope is checked by the client; each
 * token's entry is checked on its own so one odd entry drops that token, not the batch.
 */

export const goPlusEnvelopeSchema = z.object({
  code: z.number(),
  message: z.string().nullish(),
  result: z.record(z.string(), z.unknown()).nullish(),
});

const text = z.string().nullish();

const holder = z.object({
  address: text,
  /** Solana captures name the holder `account`, the SDK `token_account`. */
  account: text,
  token_account: text,
  tag: text,
  is_contract: flagLike.nullish(),
  balance: numberLike.nullish(),
  percent: numberLike.nullish(),
  is_locked: flagLike.nullish(),
});

export const goPlusEvmTokenSchema = z.object({
  token_name: text,
  token_symbol: text,
  total_supply: numberLike.nullish(),
  holder_count: numberLike.nullish(),
  is_open_source: flagLike.nullish(),
  is_proxy: flagLike.nullish(),
  is_mintable: flagLike.nullish(),
  owner_address: text,
  owner_balance: numberLike.nullish(),
  owner_percent: numberLike.nullish(),
  creator_percent: numberLike.nullish(),
  can_take_back_ownership: flagLike.nullish(),
  owner_change_balance: flagLike.nullish(),
  hidden_owner: flagLike.nullish(),
  selfdestruct: flagLike.nullish(),
  external_call: flagLike.nullish(),
  is_in_dex: flagLike.nullish(),
  buy_tax: numberLike.nullish(),
  sell_tax: numberLike.nullish(),
  cannot_buy: flagLike.nullish(),
  cannot_sell_all: flagLike.nullish(),
  slippage_modifiable: flagLike.nullish(),
  personal_slippage_modifiable: flagLike.nullish(),
  is_honeypot: flagLike.nullish(),
  honeypot_with_same_creator: numberLike.nullish(),
  transfer_pausable: flagLike.nullish(),
  trading_cooldown: flagLike.nullish(),
  is_blacklisted: flagLike.nullish(),
  is_whitelisted: flagLike.nullish(),
  is_anti_whale: flagLike.nullish(),
  anti_whale_modifiable: flagLike.nullish(),
  trust_list: flagLike.nullish(),
  holders: z.array(holder).nullish(),
  lp_holders: z.array(holder).nullish(),
  dex: z
    .array(
      z.object({
        liquidity_type: text,
        name: text,
        liquidity: numberLike.nullish(),
        pair: text,
      }),
    )
    .nullish(),
});
export type GoPlusEvmToken = z.output<typeof goPlusEvmTokenSchema>;

/** An address with GoPlus's verdict; some fixtures put bare strings in authority lists. */
const flaggedAddress = z.union([
  z.object({ address: z.string(), malicious_address: flagLike.nullish() }),
  z.string(),
]);

const authority = z.object({
  status: flagLike.nullish(),
  authority: z.array(flaggedAddress).nullish(),
});

const feeRate = z.object({ fee_rate: numberLike, maximum_fee: numberLike });

export const goPlusSolanaTokenSchema = z.object({
  metadata: z.object({ name: text, symbol: text, description: text, uri: text }).nullish(),
  mintable: authority.nullish(),
  freezable: authority.nullish(),
  closable: authority.nullish(),
  balance_mutable_authority: authority.nullish(),
  metadata_mutable: z
    .object({
      status: flagLike.nullish(),
      metadata_upgrade_authority: z.array(flaggedAddress).nullish(),
    })
    .nullish(),
  default_account_state: flagLike.nullish(),
  default_account_state_upgradable: authority.nullish(),
  transfer_fee: z
    .object({
      current_fee_rate: feeRate.nullish(),
      scheduled_fee_rate: z.array(feeRate.extend({ epoch: numberLike })).nullish(),
    })
    .nullish(),
  transfer_fee_upgradable: authority.nullish(),
  transfer_hook: z.array(flaggedAddress).nullish(),
  transfer_hook_upgradable: authority.nullish(),
  non_transferable: flagLike.nullish(),
  /** The SDK's spelling of `non_transferable`. */
  none_transferable: flagLike.nullish(),
  trusted_token: flagLike.nullish(),
  creators: z.array(flaggedAddress).nullish(),
  holder_count: numberLike.nullish(),
  total_supply: numberLike.nullish(),
  holders: z.array(holder).nullish(),
  lp_holders: z.array(holder).nullish(),
  dex: z
    .array(
      z.object({
        dex_name: text,
        type: text,
        id: text,
        tvl: numberLike.nullish(),
        burn_percent: numberLike.nullish(),
      }),
    )
    .nullish(),
});
export type GoPlusSolanaToken = z.output<typeof goPlusSolanaTokenSchema>;
