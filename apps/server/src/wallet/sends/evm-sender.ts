import { walletMessages } from '@vaultscope/core';
import {
  bytesToHex,
  Eip1559FeesNotSupportedError,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  parseTransaction,
  type TransactionReceipt,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { BadRequestError } from '../../lib/errors';
import { chainFailureOf } from '../chain-errors';
import { readTokenFacts } from '../chain-reads';
import type { SendRecord } from './send-records';
import {
  amountOrThrow,
  assertBalances,
  type ChainSender,
  type EvmFeePlan,
  type EvmFees,
  type PreparedSend,
  type SendTarget,
  type SignedSend,
  type Verdict,
} from './send-types';
import type { EvmChainAccess } from '../wallet-chains';

/** Gas of an ERC-20 transfer when it cannot be estimated (fee estimate only). */
const FALLBACK_TOKEN_GAS = 65_000n;
/** A recipient for fee estimates: any address works for the gas of a transfer. */
const ESTIMATE_RECIPIENT = '0x000000000000000000000000000000000000dEaD';

const unknownToken = () =>
  new BadRequestError(walletMessages.unknownToken, [
    { path: 'tokenAddress', message: walletMessages.unknownToken },
  ]);

/** Sends on an EVM chain through viem: fees and gas from the chain, signed locally. */
export class EvmSender implements ChainSender {
  constructor(private readonly access: EvmChainAccess) {}

  private get client() {
    return this.access.client;
  }

  async prepare(target: SendTarget): Promise<PreparedSend> {
    const from = target.from as Hex;
    const to = target.to as Hex;
    const token = target.tokenAddress ? await this.tokenInfo(target.tokenAddress as Hex) : null;
    const decimals = token ? token.decimals : this.access.chain.nativeDecimals;
    const amount = amountOrThrow(target.amountText, decimals);
    const [nativeBalance, assetBalance, fees] = await Promise.all([
      this.client.getBalance({ address: from }),
      token
        ? this.client.readContract({
            address: token.address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [from],
          })
        : undefined,
      this.fees(),
    ]);
    // Asset first: a gas estimate of an overdrawn transfer would only fail less clearly.
    assertBalances({
      amount,
      assetBalance: assetBalance ?? nativeBalance,
      nativeBalance,
      fee: 0n,
      native: !token,
    });
    const gas = await this.client.estimateGas({
      account: from,
      ...this.call(token?.address, to, amount),
    });
    const plan: EvmFeePlan = { ...fees, gas };
    assertBalances({
      amount,
      assetBalance: assetBalance ?? nativeBalance,
      nativeBalance,
      fee: gas * maxPrice(plan),
      native: !token,
    });
    return {
      chainId: this.access.chain.id,
      kind: token ? 'token' : 'native',
      from: target.from,
      to: target.to,
      tokenAddress: token ? token.address : null,
      symbol: token ? token.symbol : this.access.chain.nativeSymbol,
      decimals,
      amount,
      fee: gas * maxPrice(plan),
      evm: plan,
    };
  }

  async assertFunds(prepared: PreparedSend, inFlight: SendRecord[]): Promise<void> {
    const from = prepared.from as Hex;
    const token = prepared.tokenAddress as Hex | null;
    // Balances and the mined nonce count of one block: a send with a nonce below that count is
    // in those balances already, one at or above it is not and is held back here.
    const blockNumber = await this.client.getBlockNumber({ cacheTime: 0 });
    const [mined, nativeBalance, assetBalance] = await Promise.all([
      this.client.getTransactionCount({ address: from, blockNumber }),
      this.client.getBalance({ address: from, blockNumber }),
      token
        ? this.client.readContract({
            address: token,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [from],
            blockNumber,
          })
        : undefined,
    ]);
    let nativeHeld = 0n;
    let assetHeld = 0n;
    for (const row of inFlight) {
      if (row.nonce === null || row.nonce < mined || !row.signedTransaction) continue;
      const transaction = parseTransaction(row.signedTransaction as Hex);
      const price = transaction.maxFeePerGas ?? transaction.gasPrice ?? 0n;
      nativeHeld += (transaction.value ?? 0n) + (transaction.gas ?? 0n) * price;
      if (token && row.tokenAddress?.toLowerCase() === token.toLowerCase())
        assetHeld += BigInt(row.amount);
    }
    assertBalances({
      amount: prepared.amount,
      assetBalance: token ? (assetBalance ?? 0n) - assetHeld : nativeBalance - nativeHeld,
      nativeBalance: nativeBalance - nativeHeld,
      fee: prepared.fee,
      native: !token,
    });
  }

  async pendingNonce(from: string): Promise<number> {
    return this.client.getTransactionCount({ address: from as Hex, blockTag: 'pending' });
  }

  async sign(
    prepared: PreparedSend,
    secret: Uint8Array,
    options: { nonceFloor: number },
  ): Promise<SignedSend> {
    const plan = prepared.evm;
    if (!plan) throw new Error('EVM send without a fee plan');
    const account = privateKeyToAccount(bytesToHex(secret));
    if (account.address.toLowerCase() !== prepared.from.toLowerCase())
      throw new Error('the wallet key does not match the sending address');
    const pending = await this.pendingNonce(account.address);
    const nonce = Math.max(pending, options.nonceFloor);
    const call = this.call(
      prepared.tokenAddress as Hex | undefined,
      prepared.to as Hex,
      prepared.amount,
    );
    const base = { chainId: this.access.chain.id, nonce, gas: plan.gas, ...call };
    const signedTransaction =
      plan.type === 'eip1559'
        ? await account.signTransaction({
            ...base,
            type: 'eip1559',
            maxFeePerGas: plan.maxFeePerGas,
            maxPriorityFeePerGas: plan.maxPriorityFeePerGas,
          })
        : await account.signTransaction({ ...base, type: 'legacy', gasPrice: plan.gasPrice });
    return {
      signedTransaction,
      hash: keccak256(signedTransaction),
      nonce,
      lastValidBlockHeight: null,
    };
  }

  async broadcast(signedTransaction: string): Promise<void> {
    await this.client.sendRawTransaction({ serializedTransaction: signedTransaction as Hex });
  }

  async lookup(record: SendRecord): Promise<Verdict> {
    const hash = record.hash as Hex;
    try {
      return verdictOf(await this.client.getTransactionReceipt({ hash }));
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
    }
    try {
      await this.client.getTransaction({ hash });
      return { state: 'pending' };
    } catch (error) {
      if (error instanceof TransactionNotFoundError) return { state: 'unknown' };
      throw error;
    }
  }

  async waitForVerdict(record: SendRecord, timeoutMs: number): Promise<Verdict> {
    try {
      const receipt = await this.client.waitForTransactionReceipt({
        hash: record.hash as Hex,
        timeout: timeoutMs,
        retryCount: 0,
      });
      return verdictOf(receipt);
    } catch (error) {
      if (error instanceof WaitForTransactionReceiptTimeoutError) return { state: 'pending' };
      throw error;
    }
  }

  async resendProblem(record: SendRecord): Promise<string | undefined> {
    if (record.nonce === null) return undefined;
    const mined = await this.client.getTransactionCount({
      address: record.fromAddress as Hex,
      blockTag: 'latest',
    });
    return mined > record.nonce ? 'Nonce already used by another transaction' : undefined;
  }

  async estimateFee(from: string, tokenAddress: string | null): Promise<bigint> {
    const token = tokenAddress ? await this.tokenInfo(tokenAddress as Hex) : null;
    const fees = await this.fees();
    let gas = token ? FALLBACK_TOKEN_GAS : 21_000n;
    try {
      gas = await this.client.estimateGas({
        account: from as Hex,
        ...this.call(token?.address, ESTIMATE_RECIPIENT, 0n),
      });
    } catch (error) {
      // An address without funds cannot be estimated for; the usual gas of a transfer stands.
      // A chain that failed is no such answer.
      if (chainFailureOf(error)) throw error;
    }
    return gas * maxPrice(fees);
  }

  private call(token: Hex | undefined, to: Hex, amount: bigint) {
    return token
      ? {
          to: token,
          value: 0n,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
        }
      : { to, value: amount };
  }

  /** EIP-1559 fees where the chain has them, else a legacy gas price. */
  private async fees(): Promise<EvmFees> {
    try {
      const { maxFeePerGas, maxPriorityFeePerGas } = await this.client.estimateFeesPerGas({
        chain: this.access.viemChain,
        type: 'eip1559',
      });
      return { type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas };
    } catch (error) {
      if (!(error instanceof Eip1559FeesNotSupportedError)) throw error;
      return { type: 'legacy', gasPrice: await this.client.getGasPrice() };
    }
  }

  /**
   * Decimals and symbol read from the contract (`chain-reads.ts`); a contract without both, or
   * with more than 36 decimals, is not a token here.
   */
  private async tokenInfo(
    address: Hex,
  ): Promise<{ address: Hex; decimals: number; symbol: string }> {
    const code = await this.client.getCode({ address });
    if (!code || code === '0x') throw unknownToken();
    try {
      const { decimals, symbol } = await readTokenFacts(this.access, address);
      if (symbol === null || decimals > 36) throw unknownToken();
      return { address, decimals, symbol: symbol.slice(0, 20) };
    } catch (error) {
      // A contract that cannot answer these is no token; a chain that did not answer says so.
      throw chainFailureOf(error) ?? unknownToken();
    }
  }
}

function maxPrice(plan: EvmFees): bigint {
  return plan.type === 'eip1559' ? plan.maxFeePerGas : plan.gasPrice;
}

function verdictOf(receipt: TransactionReceipt): Verdict {
  const fee = receipt.gasUsed * receipt.effectiveGasPrice;
  return receipt.status === 'success'
    ? { state: 'confirmed', fee }
    : { state: 'failed', fee, error: 'Transaction reverted on chain' };
}
