import { getAddress, isAddress, parseEther, type Hash } from 'viem';
import { devnetChain, type DevnetEvmChainId } from '../chains';
import { assertAmount, type FundResult, type FundTransfer } from '../faucet';
import { DevnetError } from '../lib/errors';
import { delay } from '../lib/files';
import { DEFAULT_FAUCET_UNITS, type DevnetErc20, type DevnetTokenSymbol } from '../tokens';
import { devnetTokenAbi } from './artifacts/devnet-token';
import { DEVNET_EVM_OWNER, devnetOwnerClients } from './evm-chain';

/** What to send, in base units (wei, token base units). Omitted entirely: the default amounts. */
export interface EvmFundRequest {
  native?: bigint;
  tokens?: Partial<Record<DevnetTokenSymbol, bigint>>;
}

export interface EvmFaucetTarget {
  chainId: DevnetEvmChainId;
  rpcUrl: string;
  tokens: readonly DevnetErc20[];
}

/** When the owner's native balance runs low, it is topped up by this much above the need. */
const OWNER_TOP_UP = parseEther('100000');

/**
 * Sends native coins from the devnet owner and mints local tokens to `address`, as real
 * transactions (so they show in the receiver's history), and waits until all are mined.
 */
export async function fundEvm(
  target: EvmFaucetTarget,
  address: string,
  request?: EvmFundRequest,
): Promise<FundResult> {
  const { chainId } = target;
  if (!isAddress(address, { strict: false })) {
    throw new DevnetError(`Not an EVM address: ${address}`, { chainId });
  }
  const to = getAddress(address);
  const plan = planEvmFunding(target, request);
  const clients = devnetOwnerClients(chainId, target.rpcUrl);

  const sends: Promise<FundTransfer>[] = [];
  if (plan.native > 0n) {
    const balance = await clients.public.getBalance({ address: DEVNET_EVM_OWNER });
    if (balance < plan.native + parseEther('1')) {
      await clients.test.setBalance({
        address: DEVNET_EVM_OWNER,
        value: balance + plan.native + OWNER_TOP_UP,
      });
    }
    sends.push(
      sendAsOwner(target.rpcUrl, () =>
        clients.wallet.sendTransaction({ to, value: plan.native }),
      ).then((hash) => ({ symbol: devnetChain(chainId).nativeSymbol, amount: plan.native, hash })),
    );
  }
  for (const { token, amount } of plan.tokens) {
    sends.push(
      sendAsOwner(target.rpcUrl, () =>
        clients.wallet.writeContract({
          address: token.address,
          abi: devnetTokenAbi,
          functionName: 'mint',
          args: [to, amount],
        }),
      ).then((hash) => ({ symbol: token.symbol, amount, hash })),
    );
  }
  const transfers = await Promise.all(sends);
  await Promise.all(
    transfers.map(async (transfer) => {
      const receipt = await clients.public.waitForTransactionReceipt({
        hash: transfer.hash as Hash,
      });
      if (receipt.status !== 'success') {
        throw new DevnetError(`Faucet ${transfer.symbol} transaction reverted (${transfer.hash})`, {
          chainId,
        });
      }
    }),
  );
  return { chainId, address: to, transfers };
}

/**
 * Anvil picks the nonce of an `eth_sendTransaction` but not atomically: two concurrent sends from
 * the owner can get the same one. Sends are queued per node in this process, and a send that
 * still collides (another process funding at the same moment) is retried a few times.
 */
const ownerQueues = new Map<string, Promise<unknown>>();

async function sendAsOwner(rpcUrl: string, send: () => Promise<Hash>): Promise<Hash> {
  const previous = ownerQueues.get(rpcUrl) ?? Promise.resolve();
  const attempt = async (): Promise<Hash> => {
    for (let tries = 1; ; tries += 1) {
      try {
        return await send();
      } catch (error) {
        if (tries >= 4 || !/nonce/i.test(String(error))) throw error;
        await delay(20 * tries);
      }
    }
  };
  const current = previous.then(attempt, attempt);
  ownerQueues.set(
    rpcUrl,
    current.catch(() => undefined),
  );
  return current;
}

function planEvmFunding(
  target: EvmFaucetTarget,
  request: EvmFundRequest | undefined,
): { native: bigint; tokens: { token: DevnetErc20; amount: bigint }[] } {
  if (request === undefined) {
    return {
      native: DEFAULT_FAUCET_UNITS.native * 10n ** 18n,
      tokens: target.tokens.map((token) => ({
        token,
        amount: DEFAULT_FAUCET_UNITS.tokens[token.symbol] * 10n ** BigInt(token.decimals),
      })),
    };
  }
  const native = request.native ?? 0n;
  assertAmount(native, 'native', target.chainId);
  const tokens = Object.entries(request.tokens ?? {}).map(([symbol, amount]) => {
    const token = target.tokens.find((candidate) => candidate.symbol === symbol);
    if (!token) throw new DevnetError(`No local token ${symbol}`, { chainId: target.chainId });
    assertAmount(amount, symbol, target.chainId);
    return { token, amount: amount as bigint };
  });
  return { native, tokens: tokens.filter((entry) => entry.amount > 0n) };
}
