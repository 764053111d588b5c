import {
  concatHex,
  encodeFunctionData,
  getAddress,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PublicActions,
  type Transport,
  type WalletClient,
} from 'viem';
import { DevnetError } from '../lib/errors';
import { scenarioArtifacts, type ScenarioContractName } from './artifacts';
import {
  DEFAULT_SCENARIO_SUPPLY,
  scenarioByName,
  type Scenario,
  type ScenarioContext,
  type ScenarioName,
} from './manifest';

/**
 * A wallet client with public actions (`createWalletClient(...).extend(publicActions)`) whose
 * account deploys and owns the scenario token. On the devnet that is `DEVNET_EVM_OWNER`, which
 * Anvil keeps unlocked.
 */
export type ScenarioClient = WalletClient<Transport, Chain | undefined, Account> &
  PublicActions<Transport, Chain | undefined>;

/** Anvil's second dev account (unlocked on every node): the hidden-owner scenario's operator. */
export const SCENARIO_OPERATOR: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

export interface DeployScenarioOptions {
  supply?: bigint;
  /** The operator of the hidden-owner scenario; it must be able to send on this chain. */
  operator?: Address;
  /**
   * The token's pool pair, for scenarios that tell buys from sells: called with the token's
   * address once it is deployed (create the pair there), and set with `setPair` before the setup
   * steps, since some of them renounce ownership.
   */
  pairFor?: (token: Address) => Promise<Address>;
}

export interface DeployedScenario {
  name: ScenarioName;
  /** The address users trade: the proxy for proxy scenarios. */
  address: Address;
  /** The token implementation behind a proxy or clone. */
  implementation?: Address;
  /** The beacon of the beacon proxy. */
  beacon?: Address;
  pair?: Address;
  helpers: Readonly<Record<string, Address>>;
  context: ScenarioContext;
  /** The block of the last deployment or setup transaction. */
  blockNumber: bigint;
}

/** EIP-1167's minimal proxy: creation prefix, then runtime around the implementation address. */
const EIP1167_CREATION_PREFIX: Hex = '0x3d602d80600a3d3981f3';
const EIP1167_RUNTIME_PREFIX: Hex = '0x363d3d373d3d3d363d73';
const EIP1167_RUNTIME_SUFFIX: Hex = '0x5af43d82803e903d91602b57fd5bf3';

/**
 * Deploys one scenario of the corpus with the client's account as deployer and owner: its helper
 * contracts, the token (or the implementation and its proxy), `setPair` when `pairFor` is given,
 * then the scenario's setup steps. Every transaction is awaited and must succeed.
 */
export async function deployScenario(
  client: ScenarioClient,
  name: ScenarioName,
  options: DeployScenarioOptions = {},
): Promise<DeployedScenario> {
  const scenario = scenarioByName(name);
  const deployer = client.account.address;
  const helpers: Record<string, Address> = {};
  const context: ScenarioContext = {
    deployer,
    operator: options.operator ?? SCENARIO_OPERATOR,
    supply: options.supply ?? DEFAULT_SCENARIO_SUPPLY,
    helpers,
  };
  let blockNumber = 0n;
  const track = async (hash: Hash, what: string) => {
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') {
      throw new DevnetError(`Scenario ${name}: ${what} reverted (${hash})`);
    }
    blockNumber = receipt.blockNumber;
    return receipt;
  };
  const deploy = async (contract: ScenarioContractName, args: readonly unknown[]) => {
    const artifact = scenarioArtifacts[contract];
    const hash = await client.deployContract({
      chain: client.chain,
      abi: artifact.abi as Abi,
      bytecode: artifact.bytecode,
      args: args as unknown[],
    });
    const receipt = await track(hash, `deploying ${contract}`);
    if (!receipt.contractAddress) throw new DevnetError(`Scenario ${name}: no ${contract} address`);
    return getAddress(receipt.contractAddress);
  };

  for (const helper of scenario.helpers ?? []) {
    helpers[helper.key] = await deploy(helper.contract, helper.args(context));
  }
  const deployed = await deployToken(
    scenario,
    context,
    deploy,
    async (data) => {
      const hash = await client.sendTransaction({ chain: client.chain, data, to: null });
      const receipt = await track(hash, 'deploying the EIP-1167 clone');
      if (!receipt.contractAddress) throw new DevnetError(`Scenario ${name}: no clone address`);
      return getAddress(receipt.contractAddress);
    },
    async (to, data) => {
      await track(
        await client.sendTransaction({ chain: client.chain, to, data }),
        'initializing the clone',
      );
    },
  );

  const abi = tokenAbi(scenario);
  const call = async (functionName: string, args: readonly unknown[], from: Address) => {
    const hash = await client.sendTransaction({
      chain: client.chain,
      account: from,
      to: deployed.address,
      data: encodeFunctionData({ abi, functionName, args: args as unknown[] }),
    });
    await track(hash, `${functionName}()`);
  };

  let pair: Address | undefined;
  if (scenario.pairAware && options.pairFor) {
    pair = getAddress(await options.pairFor(deployed.address));
    await call('setPair', [pair], deployer);
  }
  for (const step of scenario.setup) {
    const from = step.from === 'operator' ? context.operator : deployer;
    await call(step.functionName, step.args(context), from);
  }
  return {
    name,
    ...deployed,
    ...(pair ? { pair } : {}),
    helpers,
    context,
    blockNumber,
  };
}

/** The ABI to talk to the token through: the implementation's for proxies and clones. */
export function tokenAbi(scenario: Scenario): Abi {
  const contract =
    scenario.deployment.kind === 'contract' ? scenario.deployment.contract : 'UpgradeableToken';
  return scenarioArtifacts[contract].abi as Abi;
}

async function deployToken(
  scenario: Scenario,
  context: ScenarioContext,
  deploy: (contract: ScenarioContractName, args: readonly unknown[]) => Promise<Address>,
  deployRaw: (data: Hex) => Promise<Address>,
  send: (to: Address, data: Hex) => Promise<void>,
): Promise<{ address: Address; implementation?: Address; beacon?: Address }> {
  const { deployment } = scenario;
  if (deployment.kind === 'contract') {
    return { address: await deploy(deployment.contract, deployment.args(context)) };
  }
  const implementation = await deploy('UpgradeableToken', []);
  const initialize = encodeFunctionData({
    abi: scenarioArtifacts.UpgradeableToken.abi,
    functionName: 'initialize',
    args: [deployment.name, deployment.symbol, context.supply, context.deployer],
  });
  switch (deployment.kind) {
    case 'transparent-proxy': {
      // The admin is the operator: a transparent proxy's admin cannot use the token itself.
      const address = await deploy('TransparentProxy', [
        implementation,
        context.operator,
        initialize,
      ]);
      return { address, implementation };
    }
    case 'beacon-proxy': {
      const beacon = await deploy('UpgradeableBeacon', [implementation]);
      const address = await deploy('BeaconProxy', [beacon, initialize]);
      return { address, implementation, beacon };
    }
    case 'uups-proxy': {
      const address = await deploy('UupsProxy', [implementation, initialize]);
      return { address, implementation };
    }
    case 'minimal-proxy': {
      const runtime = concatHex([
        EIP1167_RUNTIME_PREFIX,
        implementation.toLowerCase() as Hex,
        EIP1167_RUNTIME_SUFFIX,
      ]);
      const address = await deployRaw(concatHex([EIP1167_CREATION_PREFIX, runtime]));
      // A clone has no constructor: it is initialized in its own transaction, as by clone factories.
      await send(address, initialize);
      return { address, implementation };
    }
  }
}
