import { readFileSync } from 'node:fs';
import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isAddress,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { z } from 'zod';
import type { DevnetSolanaClusterId } from '../chains';
import { assertAmount, type FundResult, type FundTransfer } from '../faucet';
import { DevnetError } from '../lib/errors';
import { delay } from '../lib/files';
import { DEFAULT_FAUCET_UNITS, type DevnetSplMint, type DevnetTokenSymbol } from '../tokens';
import { solanaStateFile } from './cluster';

/** What to send, in base units (lamports, token base units). Omitted entirely: the defaults. */
export interface SolanaFundRequest {
  lamports?: bigint;
  mints?: Partial<Record<DevnetTokenSymbol, bigint>>;
}

export interface SolanaFaucetTarget {
  clusterId: DevnetSolanaClusterId;
  rpcUrl: string;
  mints: readonly DevnetSplMint[];
  /** The devnet authority: fee payer, SOL source and mint authority of the local mints. */
  authority: KeyPairSigner;
}

const CONFIRM_TIMEOUT_MS = 15_000;

/**
 * Sends SOL and mints local SPL tokens (creating the associated token accounts when missing) to
 * `owner` in one transaction, through the cluster's JSON-RPC endpoint, as any client would, and
 * waits until it is processed. Works from any process that can read the devnet's data dir.
 */
export async function fundSolana(
  target: SolanaFaucetTarget,
  owner: string,
  request?: SolanaFundRequest,
): Promise<FundResult> {
  const { clusterId, authority } = target;
  if (!isAddress(owner))
    throw new DevnetError(`Not a Solana address: ${owner}`, { chainId: clusterId });
  const plan = planSolanaFunding(target, request);
  const instructions: Instruction[] = [];
  const transfers: Omit<FundTransfer, 'hash'>[] = [];
  if (plan.lamports > 0n) {
    instructions.push(
      getTransferSolInstruction({
        source: authority,
        destination: address(owner),
        amount: lamports(plan.lamports),
      }),
    );
    transfers.push({ symbol: 'SOL', amount: plan.lamports });
  }
  for (const { mint, amount } of plan.mints) {
    const [ata] = await findAssociatedTokenPda({
      owner: address(owner),
      mint: address(mint.address),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: authority,
        ata,
        owner: address(owner),
        mint: address(mint.address),
      }),
      getMintToCheckedInstruction({
        mint: address(mint.address),
        token: ata,
        mintAuthority: authority,
        amount,
        decimals: mint.decimals,
      }),
    );
    transfers.push({ symbol: mint.symbol, amount });
  }
  if (instructions.length === 0) return { chainId: clusterId, address: owner, transfers: [] };

  const rpc = createSolanaRpc(target.rpcUrl);
  const { value: blockhash } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(authority, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  );
  const signed = await signTransactionMessageWithSigners(message);
  const signature = getSignatureFromTransaction(signed);
  await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
  const deadline = Date.now() + CONFIRM_TIMEOUT_MS;
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status) {
      if (status.err) {
        throw new DevnetError(`Faucet transaction failed: ${JSON.stringify(status.err)}`, {
          chainId: clusterId,
        });
      }
      break;
    }
    if (Date.now() > deadline) {
      throw new DevnetError(`Faucet transaction ${signature} not confirmed in time`, {
        chainId: clusterId,
      });
    }
    await delay(50);
  }
  return {
    chainId: clusterId,
    address: owner,
    transfers: transfers.map((transfer) => ({ ...transfer, hash: signature })),
  };
}

function planSolanaFunding(
  target: SolanaFaucetTarget,
  request: SolanaFundRequest | undefined,
): { lamports: bigint; mints: { mint: DevnetSplMint; amount: bigint }[] } {
  if (request === undefined) {
    return {
      lamports: DEFAULT_FAUCET_UNITS.native * 10n ** 9n,
      mints: target.mints.map((mint) => ({
        mint,
        amount: DEFAULT_FAUCET_UNITS.tokens[mint.symbol] * 10n ** BigInt(mint.decimals),
      })),
    };
  }
  const amount = request.lamports ?? 0n;
  assertAmount(amount, 'lamports', target.clusterId);
  const mints = Object.entries(request.mints ?? {}).map(([symbol, value]) => {
    const mint = target.mints.find((candidate) => candidate.symbol === symbol);
    if (!mint) throw new DevnetError(`No local mint ${symbol}`, { chainId: target.clusterId });
    assertAmount(value, symbol, target.clusterId);
    return { mint, amount: value as bigint };
  });
  return { lamports: amount, mints: mints.filter((entry) => entry.amount > 0n) };
}

/** The devnet authority of a cluster, read from its state file (for another process's faucet). */
export async function loadSolanaAuthority(
  dataDir: string,
  clusterId: DevnetSolanaClusterId,
): Promise<KeyPairSigner> {
  const state = z
    .object({ authoritySeed: z.string().regex(/^[0-9a-f]{64}$/) })
    .parse(JSON.parse(readFileSync(solanaStateFile(dataDir, clusterId), 'utf8')));
  return createKeyPairSignerFromPrivateKeyBytes(Buffer.from(state.authoritySeed, 'hex'));
}
