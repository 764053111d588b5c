import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  devnet as clusterUrl,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Base64EncodedWireTransaction,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit';
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../devnet';

/** `devnet(url)` types the RPC as a test cluster's, which has requestAirdrop. */
type Rpc = ReturnType<typeof createSolanaRpc<ReturnType<typeof clusterUrl>>>;
const SOL = 1_000_000_000n;
const CLUSTER = 103;

/** Builds, signs and sends a transaction through JSON-RPC, as the wallet will. */
async function send(
  rpc: Rpc,
  payer: KeyPairSigner,
  instructions: Instruction[],
  options: { skipPreflight?: boolean; blockhash?: Blockhash } = {},
): Promise<{ signature: Signature; wire: Base64EncodedWireTransaction }> {
  const latest = (await rpc.getLatestBlockhash().send()).value;
  const lifetime = options.blockhash
    ? { blockhash: options.blockhash, lastValidBlockHeight: latest.lastValidBlockHeight }
    : latest;
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(payer, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(lifetime, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  );
  const signed = await signTransactionMessageWithSigners(message);
  const wire = getBase64EncodedWireTransaction(signed);
  await rpc
    .sendTransaction(wire, { encoding: 'base64', skipPreflight: options.skipPreflight ?? false })
    .send();
  return { signature: getSignatureFromTransaction(signed), wire };
}

/** The message of the error a promise rejects with, and of its cause (kit puts the reason there). */
async function causeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    return `${String(error)} <- ${cause instanceof Error ? cause.message : String(cause)}`;
  }
  throw new Error('expected a rejection');
}

async function ata(owner: Address, mint: Address): Promise<Address> {
  const [found] = await findAssociatedTokenPda({
    owner,
    mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  return found;
}

async function tokenAmount(rpc: Rpc, owner: Address, mint: Address): Promise<string | undefined> {
  const { value } = await rpc
    .getTokenAccountsByOwner(owner, { mint }, { encoding: 'jsonParsed' })
    .send();
  const info = value[0]?.account.data.parsed.info as
    { tokenAmount: { amount: string } } | undefined;
  return info?.tokenAmount.amount;
}

describe('Solana devnet on LiteSVM through its JSON-RPC endpoint', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaultscope-devnet-solana-'));
  let devnet: Devnet;
  let rpc: Rpc;
  let alice: KeyPairSigner;
  let bob: KeyPairSigner;
  let mint: KeyPairSigner;
  let transferSignature: Signature;

  beforeAll(async () => {
    devnet = await startDevnet({ dataDir, basePort: 0, chains: [CLUSTER] });
    rpc = createSolanaRpc(clusterUrl(devnet.rpcUrl(CLUSTER)));
    [alice, bob, mint] = await Promise.all([
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
    ]);
  });

  afterAll(async () => {
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the basic methods with the shapes of a validator', async () => {
    expect(await rpc.getHealth().send()).toBe('ok');
    const { value: latest } = await rpc.getLatestBlockhash().send();
    expect(latest.blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(latest.lastValidBlockHeight).toBe((await rpc.getBlockHeight().send()) + 150n);
    expect((await rpc.isBlockhashValid(latest.blockhash).send()).value).toBe(true);
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n);
    expect((await rpc.getBalance(alice.address).send()).value).toBe(0n);
    expect((await rpc.getAccountInfo(alice.address).send()).value).toBeNull();

    const localMint = devnet.tokens[CLUSTER]?.[0];
    const { value: mintAccount } = await rpc
      .getAccountInfo(address(localMint?.address ?? ''), { encoding: 'jsonParsed' })
      .send();
    expect(mintAccount?.owner).toBe(TOKEN_PROGRAM_ADDRESS);
    expect(mintAccount?.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6, isInitialized: true } },
    });
    await expect(rpc.getBlockTime(0n).send()).rejects.toThrow();
  });

  it('airdrops SOL with requestAirdrop and reports the signature status', async () => {
    const signature = await rpc.requestAirdrop(alice.address, lamports(3n * SOL)).send();
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' });
    expect((await rpc.getBalance(alice.address).send()).value).toBe(3n * SOL);
  });

  it('creates an SPL mint, mints and transfers it, all through JSON-RPC', async () => {
    const space = BigInt(getMintSize());
    const rent = await rpc.getMinimumBalanceForRentExemption(space).send();
    await send(rpc, alice, [
      getCreateAccountInstruction({
        payer: alice,
        newAccount: mint,
        lamports: rent,
        space,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeMint2Instruction({
        mint: mint.address,
        decimals: 2,
        mintAuthority: alice.address,
      }),
    ]);
    const aliceAta = await ata(alice.address, mint.address);
    const bobAta = await ata(bob.address, mint.address);
    await send(rpc, alice, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: alice,
        ata: aliceAta,
        owner: alice.address,
        mint: mint.address,
      }),
      getMintToInstruction({
        mint: mint.address,
        token: aliceAta,
        mintAuthority: alice,
        amount: 10_000n,
      }),
    ]);
    expect(await tokenAmount(rpc, alice.address, mint.address)).toBe('10000');

    const sent = await send(rpc, alice, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: alice,
        ata: bobAta,
        owner: bob.address,
        mint: mint.address,
      }),
      getTransferCheckedInstruction({
        source: aliceAta,
        mint: mint.address,
        destination: bobAta,
        authority: alice,
        amount: 2_550n,
        decimals: 2,
      }),
    ]);
    transferSignature = sent.signature;
    expect(await tokenAmount(rpc, bob.address, mint.address)).toBe('2550');
    expect(await tokenAmount(rpc, alice.address, mint.address)).toBe('7450');
    expect((await rpc.getTokenAccountBalance(bobAta).send()).value).toMatchObject({
      amount: '2550',
      decimals: 2,
      uiAmountString: '25.5',
    });

    const transaction = await rpc
      .getTransaction(transferSignature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send();
    expect(transaction?.meta?.err).toBeNull();
    expect(transaction?.meta?.fee).toBe(5_000n);
    expect(transaction?.transaction.message.accountKeys[0]).toBe(alice.address);
    const post = transaction?.meta?.postTokenBalances ?? [];
    expect(post.find((balance) => balance.owner === bob.address)?.uiTokenAmount.amount).toBe(
      '2550',
    );
    const history = await rpc.getSignaturesForAddress(alice.address).send();
    expect(history[0]?.signature).toBe(transferSignature);
    expect(history.length).toBe(4);
  });

  it('charges the fee it reports, including a compute-unit price', async () => {
    const price = new Uint8Array(9);
    price[0] = 3; // SetComputeUnitPrice
    new DataView(price.buffer).setBigUint64(1, 2_000_000n, true);
    const before = (await rpc.getBalance(alice.address).send()).value;
    const { signature } = await send(rpc, alice, [
      { programAddress: address('ComputeBudget111111111111111111111111111111'), data: price },
      getTransferSolInstruction({
        source: alice,
        destination: bob.address,
        amount: lamports(SOL / 2n),
      }),
    ]);
    const transaction = await rpc
      .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send();
    const fee = transaction?.meta?.fee ?? 0n;
    expect(fee).toBe(5_000n + 12_000n); // 2 builtin instructions x 3,000 units x 2 lamports
    expect((await rpc.getBalance(alice.address).send()).value).toBe(before - SOL / 2n - fee);
    expect((await rpc.getBalance(bob.address).send()).value).toBe(SOL / 2n);
  });

  it('refuses a repeated transaction, an unknown blockhash and a failing preflight', async () => {
    const transfer = () =>
      getTransferSolInstruction({
        source: alice,
        destination: bob.address,
        amount: lamports(1_000n),
      });
    const { wire } = await send(rpc, alice, [transfer()]);
    const repeated = rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    expect(await causeOf(repeated)).toMatch(/<- This transaction has already been processed/);
    const balance = (await rpc.getBalance(bob.address).send()).value;

    const stale = send(rpc, alice, [transfer()], {
      blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM' as Blockhash,
    });
    expect(await causeOf(stale)).toMatch(/simulation failed <- Blockhash not found/);
    const tooMuch = getTransferSolInstruction({
      source: alice,
      destination: bob.address,
      amount: lamports(1_000n * SOL),
    });
    expect(await causeOf(send(rpc, alice, [tooMuch]))).toMatch(/<- Custom program error: #1/);
    expect((await rpc.getBalance(bob.address).send()).value).toBe(balance);

    // Without preflight the failing transaction lands, fails and still pays its fee.
    const before = (await rpc.getBalance(alice.address).send()).value;
    const { signature } = await send(rpc, alice, [tooMuch], { skipPreflight: true });
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    expect(value[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    expect((await rpc.getBalance(alice.address).send()).value).toBe(before - 5_000n);
  });

  it('keeps balances, token accounts and history across a restart', async () => {
    const mints = devnet.tokens[CLUSTER];
    const bobSol = (await rpc.getBalance(bob.address).send()).value;
    await devnet.stop();

    devnet = await startDevnet({ dataDir, basePort: 0, chains: [CLUSTER] });
    rpc = createSolanaRpc(clusterUrl(devnet.rpcUrl(CLUSTER)));
    expect(devnet.tokens[CLUSTER]).toEqual(mints);
    expect((await rpc.getBalance(bob.address).send()).value).toBe(bobSol);
    expect(await tokenAmount(rpc, bob.address, mint.address)).toBe('2550');
    const transaction = await rpc
      .getTransaction(transferSignature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send();
    expect(transaction?.meta?.err).toBeNull();
    const { value } = await rpc.getSignatureStatuses([transferSignature]).send();
    expect(value[0]?.confirmationStatus).toBe('finalized');

    // The restored accounts are live: Bob can spend what he received before the restart.
    const carol = await generateKeyPairSigner();
    await send(rpc, bob, [
      getTransferSolInstruction({
        source: bob,
        destination: carol.address,
        amount: lamports(SOL / 10n),
      }),
    ]);
    expect((await rpc.getBalance(carol.address).send()).value).toBe(SOL / 10n);
  });
});
