import { isSome, type Address } from '@solana/kit';
import {
  AccountState,
  getMintDecoder,
  getMintSize,
  getTokenDecoder,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS,
  type Mint,
  type Token,
} from '@solana-program/token';
import { formatUnits } from 'viem';

/** Token-2022 accounts are listed (their base layout is the classic one) but not minted here. */
export const TOKEN_2022_PROGRAM_ADDRESS =
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address<'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'>;
export const TOKEN_PROGRAMS: readonly string[] = [
  TOKEN_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
];

const TOKEN_SIZE = getTokenSize();
const MINT_SIZE = getMintSize();
const tokenDecoder = getTokenDecoder();
const mintDecoder = getMintDecoder();

/** The SPL token account in `data`, or undefined if `data` is not one (by size). */
export function decodeTokenAccount(owner: string, data: Uint8Array): Token | undefined {
  if (!TOKEN_PROGRAMS.includes(owner) || data.length < TOKEN_SIZE) return undefined;
  if (owner === TOKEN_PROGRAM_ADDRESS && data.length !== TOKEN_SIZE) return undefined;
  if (owner !== TOKEN_PROGRAM_ADDRESS && data.length > TOKEN_SIZE && data[TOKEN_SIZE] !== 2) {
    return undefined;
  }
  return tokenDecoder.decode(data.subarray(0, TOKEN_SIZE));
}

/** The SPL mint in `data`, or undefined if `data` is not one. */
export function decodeMint(owner: string, data: Uint8Array): Mint | undefined {
  if (!TOKEN_PROGRAMS.includes(owner)) return undefined;
  if (data.length === MINT_SIZE || (data.length > TOKEN_SIZE && data[TOKEN_SIZE] === 1)) {
    return mintDecoder.decode(data.subarray(0, MINT_SIZE));
  }
  return undefined;
}

/** The RPC's `UiTokenAmount`: raw amount as a string, its decimals, and the scaled amount. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const uiAmountString = formatUnits(amount, decimals);
  return {
    amount: amount.toString(),
    decimals,
    uiAmount: Number(uiAmountString),
    uiAmountString,
  };
}

const STATE_NAMES: Record<AccountState, string> = {
  [AccountState.Uninitialized]: 'uninitialized',
  [AccountState.Initialized]: 'initialized',
  [AccountState.Frozen]: 'frozen',
};

/** `jsonParsed` data of a token account, as the validator's account-decoder shows it. */
export function parsedTokenAccount(token: Token, decimals: number, program: string, space: number) {
  return {
    program: program === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : 'spl-token-2022',
    parsed: {
      type: 'account',
      info: {
        isNative: isSome(token.isNative),
        mint: token.mint,
        owner: token.owner,
        state: STATE_NAMES[token.state],
        tokenAmount: uiTokenAmount(token.amount, decimals),
        ...(isSome(token.delegate)
          ? {
              delegate: token.delegate.value,
              delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals),
            }
          : {}),
        ...(isSome(token.closeAuthority) ? { closeAuthority: token.closeAuthority.value } : {}),
      },
    },
    space,
  };
}

/** `jsonParsed` data of a mint. */
export function parsedMint(mint: Mint, program: string, space: number) {
  return {
    program: program === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : 'spl-token-2022',
    parsed: {
      type: 'mint',
      info: {
        decimals: mint.decimals,
        freezeAuthority: isSome(mint.freezeAuthority) ? mint.freezeAuthority.value : null,
        isInitialized: mint.isInitialized,
        mintAuthority: isSome(mint.mintAuthority) ? mint.mintAuthority.value : null,
        supply: mint.supply.toString(),
      },
    },
    space,
  };
}
