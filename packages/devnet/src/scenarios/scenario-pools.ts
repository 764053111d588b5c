import { erc20Abi, getAddress, maxUint256, parseEther, type Address, type Hash } from 'viem';
import { lpTimeLockAbi } from '../evm/artifacts/lp-time-lock';
import { DevnetError } from '../lib/errors';
import type { DevnetMarket } from '../markets/deploy-markets';
import { DEAD_ADDRESS } from '../markets/market-specs';
import { factoryAbi, pairAbi, routerAbi } from '../markets/uniswap-v2';
import { deployScenario, type DeployedScenario, type ScenarioClient } from './deploy';
import type { ScenarioName } from './manifest';

export interface ScenarioPoolOptions {
  /** Wrapped native coin put in the pool (default 10). */
  native?: bigint;
  /** Share of the deployer's tokens put in the pool, in basis points (default 5000: half). */
  supplyBps?: number;
  /** Shares of the first LP tokens burned to 0x…dEaD and locked in the market's time lock. */
  lp?: { burnBps: number; lockBps: number; lockDays: number };
}

export interface DeployedScenarioWithPool extends DeployedScenario {
  pair: Address;
}

/**
 * Deploys a corpus scenario with a token/wrapped-native pool on a local market, as a scam token
 * is launched: the deployer adds the liquidity (before `setPair` and the setup steps, so that a
 * renounced owner or a max-transaction limit does not stop the deployer's own transfer into the
 * pool), then burns and time-locks shares of the LP tokens as the plan says. Every scenario gets
 * a pool, the pair-aware ones are told its address.
 */
export async function deployScenarioWithPool(
  client: ScenarioClient,
  name: ScenarioName,
  market: DevnetMarket,
  options: ScenarioPoolOptions = {},
): Promise<DeployedScenarioWithPool> {
  const { router, factory, wrappedNative } = market.dex;
  const native = options.native ?? parseEther('10');
  const track = async (hash: Hash, what: string) => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== 'success')
      throw new DevnetError(`Scenario ${name}: ${what} reverted (${hash})`);
  };
  let pair: Address | undefined;
  const addPool = async (token: Address): Promise<Address> => {
    if (pair) return pair;
    const balance = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [client.account.address],
    });
    const tokenAmount = (balance * BigInt(options.supplyBps ?? 5_000)) / 10_000n;
    await track(
      await client.writeContract({
        chain: client.chain,
        address: token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [router, maxUint256],
      }),
      'approving the router',
    );
    await track(
      await client.writeContract({
        chain: client.chain,
        address: router,
        abi: routerAbi,
        functionName: 'addLiquidityETH',
        args: [token, tokenAmount, 0n, 0n, client.account.address, maxUint256],
        value: native,
        gas: 6_000_000n,
      }),
      'adding liquidity',
    );
    pair = getAddress(
      await client.readContract({
        address: factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [token, wrappedNative],
      }),
    );
    return pair;
  };
  const deployed = await deployScenario(client, name, { pairFor: addPool });
  const poolPair = await addPool(deployed.address);

  const lp = options.lp ?? { burnBps: 0, lockBps: 0, lockDays: 0 };
  const shares = await client.readContract({
    address: poolPair,
    abi: pairAbi,
    functionName: 'balanceOf',
    args: [client.account.address],
  });
  if (lp.burnBps > 0)
    await track(
      await client.writeContract({
        chain: client.chain,
        address: poolPair,
        abi: pairAbi,
        functionName: 'transfer',
        args: [DEAD_ADDRESS, (shares * BigInt(lp.burnBps)) / 10_000n],
      }),
      'burning LP shares',
    );
  if (lp.lockBps > 0) {
    const amount = (shares * BigInt(lp.lockBps)) / 10_000n;
    const block = await client.getBlock();
    await track(
      await client.writeContract({
        chain: client.chain,
        address: poolPair,
        abi: pairAbi,
        functionName: 'approve',
        args: [market.lpLock, amount],
      }),
      'approving the LP lock',
    );
    await track(
      await client.writeContract({
        chain: client.chain,
        address: market.lpLock,
        abi: lpTimeLockAbi,
        functionName: 'lock',
        args: [
          poolPair,
          amount,
          block.timestamp + BigInt(lp.lockDays) * 86_400n,
          client.account.address,
        ],
      }),
      'locking LP shares',
    );
  }
  return { ...deployed, pair: poolPair };
}
