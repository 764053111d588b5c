import { type Rpc, type SolanaRpcApi, signature as toSignature } from '@solana/kit';
import { z } from 'zod';

/** Base58 of a 64-byte Solana signature. */
export const SOLANA_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/;

// kit turns JSON numbers into bigints except on a few paths: accept both.
const units = z.union([z.bigint(), z.number().int()]).transform(BigInt);
const small = z.union([z.bigint(), z.number().int()]).transform(Number);

const tokenBalanceSchema = z.object({
  accountIndex: small,
  mint: z.string(),
  owner: z.string().optional(),
  uiTokenAmount: z.object({ amount: z.string().regex(/^\d+$/), decimals: small }),
});

const transactionSchema = z.object({
  slot: units,
  blockTime: units.nullable().optional(),
  meta: z
    .object({
      err: z.unknown(),
      fee: units,
      preBalances: z.array(units),
      postBalances: z.array(units),
      preTokenBalances: z.array(tokenBalanceSchema).nullish(),
      postTokenBalances: z.array(tokenBalanceSchema).nullish(),
    })
    .nullable(),
  transaction: z.object({
    signatures: z.array(z.string()),
    message: z.object({
      accountKeys: z.array(z.union([z.string(), z.object({ pubkey: z.string() })])),
    }),
  }),
});

export interface TokenDelta {
  mint: string;
  owner: string;
  accountIndex: number;
  decimals: number;
  delta: bigint;
}

/** A Solana transaction reduced to what the wallet needs: who paid, and every balance change. */
export interface SolanaTransactionFacts {
  signature: string;
  slot: bigint;
  blockTime: Date | null;
  failed: boolean;
  fee: bigint;
  feePayer: string;
  accounts: string[];
  /** Lamport change per account key, fee included. */
  lamportDeltas: bigint[];
  tokenDeltas: TokenDelta[];
}

/**
 * Reads a transaction in `jsonParsed` and keeps the balances before and after, which are exact
 * (the devnet leaves instructions raw, and inner instructions would not be complete anyway).
 */
export async function readSolanaTransaction(
  rpc: Rpc<SolanaRpcApi>,
  signature: string,
): Promise<SolanaTransactionFacts | undefined> {
  const raw = await rpc
    .getTransaction(toSignature(signature), {
      encoding: 'jsonParsed',
      maxSupportedTransactionVersion: 0,
      commitment: 'confirmed',
    })
    .send();
  if (!raw) return undefined;
  const tx = transactionSchema.parse(raw);
  const accounts = tx.transaction.message.accountKeys.map((key) =>
    typeof key === 'string' ? key : key.pubkey,
  );
  const meta = tx.meta;
  const lamportDeltas = accounts.map(
    (_account, index) => (meta?.postBalances[index] ?? 0n) - (meta?.preBalances[index] ?? 0n),
  );
  const tokenDeltas = new Map<number, TokenDelta>();
  for (const [balances, sign] of [
    [meta?.preTokenBalances ?? [], -1n],
    [meta?.postTokenBalances ?? [], 1n],
  ] as const) {
    for (const balance of balances) {
      const entry = tokenDeltas.get(balance.accountIndex) ?? {
        mint: balance.mint,
        owner: balance.owner ?? accounts[balance.accountIndex] ?? '',
        accountIndex: balance.accountIndex,
        decimals: balance.uiTokenAmount.decimals,
        delta: 0n,
      };
      entry.delta += sign * BigInt(balance.uiTokenAmount.amount);
      tokenDeltas.set(balance.accountIndex, entry);
    }
  }
  return {
    signature,
    slot: tx.slot,
    blockTime: tx.blockTime == null ? null : new Date(Number(tx.blockTime) * 1000),
    failed: meta === null || (meta.err !== null && meta.err !== undefined),
    fee: meta?.fee ?? 0n,
    feePayer: accounts[0] ?? '',
    accounts,
    lamportDeltas,
    tokenDeltas: [...tokenDeltas.values()].filter((entry) => entry.delta !== 0n),
  };
}

/** The account that lost the most lamports apart from `except`: the likely sender. */
export function largestLamportSender(facts: SolanaTransactionFacts, except: string): string {
  let sender = facts.feePayer;
  let lowest = 0n;
  facts.lamportDeltas.forEach((delta, index) => {
    const account = facts.accounts[index];
    if (account !== undefined && account !== except && delta < lowest) {
      lowest = delta;
      sender = account;
    }
  });
  return sender;
}

/** The owner whose balance of `mint` went down, else the fee payer (a mint has no sender). */
export function tokenSender(facts: SolanaTransactionFacts, mint: string): string {
  return (
    facts.tokenDeltas.find((entry) => entry.mint === mint && entry.delta < 0n)?.owner ??
    facts.feePayer
  );
}
