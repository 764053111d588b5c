import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  publicActions,
  type Abi,
  type Address,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_HOST } from '../chains';
import { startAnvil, type AnvilNode } from '../evm/anvil';
import { DEVNET_EVM_OWNER, devnetViemChain } from '../evm/evm-chain';
import { findFreePort } from '../lib/files';
import { scenarioArtifacts } from './artifacts';
import { scenarioSourcesSha256 } from './artifacts/index';
import {
  deployScenario,
  SCENARIO_OPERATOR,
  tokenAbi as scenarioTokenAbi,
  type DeployedScenario,
} from './deploy';
import { SCENARIOS, scenarioByName, type ScenarioName } from './manifest';
import { sourcesSha256 } from './sources-hash';

/** Anvil's third and fourth dev accounts: a stand-in pair (so buys can be sent from it) and a holder. */
const PAIR: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const HOLDER: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const CHAIN_ID = 1;

describe('the committed scenario artifacts', () => {
  it('were built from the current contracts/scenarios (else: npm run build:scenarios)', () => {
    const dir = new URL('../../../../contracts/scenarios/', import.meta.url);
    const files = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.sol'));
    const sources = Object.fromEntries(
      files.map((file) => [file.split('\\').join('/'), readFileSync(new URL(file, dir), 'utf8')]),
    );
    expect(scenarioSourcesSha256).toBe(sourcesSha256(sources));
  });

  it('cover at least 15 risky kinds and 3 clean tokens, each deployable', () => {
    expect(SCENARIOS.filter((scenario) => scenario.risky).length).toBeGreaterThanOrEqual(15);
    expect(SCENARIOS.filter((scenario) => !scenario.risky).length).toBeGreaterThanOrEqual(3);
    for (const scenario of SCENARIOS) {
      if (scenario.deployment.kind === 'contract') {
        expect(scenarioArtifacts[scenario.deployment.contract].bytecode.length).toBeGreaterThan(2);
      }
    }
  });
});

describe('scenario tokens on a real Anvil node', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaultscope-scenarios-'));
  let node: AnvilNode;
  let client: ReturnType<typeof makeClient>;
  const deployed = new Map<ScenarioName, DeployedScenario>();

  const makeClient = (rpcUrl: string) =>
    createWalletClient({
      account: DEVNET_EVM_OWNER,
      chain: devnetViemChain(CHAIN_ID, rpcUrl),
      transport: http(rpcUrl),
      pollingInterval: 50,
    }).extend(publicActions);

  beforeAll(async () => {
    node = await startAnvil({
      chainId: CHAIN_ID,
      port: await findFreePort(DEVNET_HOST),
      stateFile: join(dataDir, 'state.json'),
      logFile: join(dataDir, 'anvil.log'),
      stateIntervalSeconds: 3600,
    });
    client = makeClient(node.rpcUrl);
    // One after another: the deployer's nonces are sequential.
    for (const scenario of SCENARIOS) {
      deployed.set(
        scenario.name,
        await deployScenario(client, scenario.name, { pairFor: async () => PAIR }),
      );
    }
  });

  afterAll(async () => {
    await node?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const token = (name: ScenarioName) => {
    const entry = deployed.get(name);
    if (!entry) throw new Error(`${name} not deployed`);
    return { address: entry.address, abi: scenarioTokenAbi(scenarioByName(name)) as Abi };
  };
  const read = (name: ScenarioName, functionName: string, args: unknown[] = []) =>
    client.readContract({ ...token(name), functionName, args });
  const balance = (name: ScenarioName, account: Address) =>
    read(name, 'balanceOf', [account]) as Promise<bigint>;
  /** Sends a token call from `from` and waits; resolves to the receipt status. */
  const send = async (
    name: ScenarioName,
    from: Address,
    functionName: string,
    args: unknown[],
  ): Promise<'success' | 'reverted'> => {
    try {
      const hash = await client.writeContract({
        ...token(name),
        account: from,
        chain: client.chain,
        functionName,
        args,
        gas: 500_000n,
      });
      return (await client.waitForTransactionReceipt({ hash })).status;
    } catch {
      return 'reverted';
    }
  };
  const give = (name: ScenarioName, to: Address, amount: bigint) =>
    send(name, DEVNET_EVM_OWNER, 'transfer', [to, amount]);
  const sell = (name: ScenarioName, amount: bigint) =>
    send(name, HOLDER, 'transfer', [PAIR, amount]);
  const buy = (name: ScenarioName, amount: bigint) =>
    send(name, PAIR, 'transfer', [HOLDER, amount]);

  it('deploys every scenario with its supply minted to the deployer and its setup done', async () => {
    for (const scenario of SCENARIOS) {
      const supply = (await read(scenario.name, 'totalSupply')) as bigint;
      expect(supply, scenario.name).toBeGreaterThan(0n);
      expect(await balance(scenario.name, DEVNET_EVM_OWNER), scenario.name).toBe(supply);
      if (scenario.pairAware) expect(await read(scenario.name, 'pair')).toBe(PAIR);
      if (scenario.setup.some((step) => step.functionName === 'renounceOwnership')) {
        expect(await read(scenario.name, 'owner')).toBe(
          '0x0000000000000000000000000000000000000000',
        );
      }
    }
  });

  it('honeypot: a holder can buy but not sell; the owner can', async () => {
    const name = 'honeypot-sell-reverts';
    await give(name, PAIR, parseEther('1000'));
    expect(await buy(name, parseEther('10'))).toBe('success');
    expect(await sell(name, parseEther('1'))).toBe('reverted');
    expect(await give(name, PAIR, parseEther('1'))).toBe('success');
  });

  it('dust: a sell delivers 0.1 % to the pair and the rest to the owner', async () => {
    const name = 'sell-returns-dust';
    await give(name, HOLDER, parseEther('1000'));
    expect(await sell(name, parseEther('1000'))).toBe('success');
    expect(await balance(name, PAIR)).toBe(parseEther('1'));
  });

  it('switchable tax: 5 % on a sell, then everything once the owner sets 100 %', async () => {
    const name = 'switchable-sell-tax';
    await give(name, HOLDER, parseEther('2000'));
    await sell(name, parseEther('1000'));
    expect(await balance(name, PAIR)).toBe(parseEther('950'));
    expect(await send(name, DEVNET_EVM_OWNER, 'setFees', [500n, 10_000n])).toBe('success');
    await sell(name, parseEther('1000'));
    expect(await balance(name, PAIR)).toBe(parseEther('950'));
  });

  it('mints: the plain and the renamed mint raise the supply', async () => {
    for (const [name, fn] of [
      ['plain-mint', 'mint'],
      ['renamed-mint', 'syncRewardPool'],
    ] as const) {
      const before = (await read(name, 'totalSupply')) as bigint;
      expect(await send(name, DEVNET_EVM_OWNER, fn, [HOLDER, parseEther('5')])).toBe('success');
      expect(await read(name, 'totalSupply')).toBe(before + parseEther('5'));
      expect(await send(name, HOLDER, fn, [HOLDER, 1n])).toBe('reverted');
    }
  });

  it('blacklist and pause: the owner can stop one holder, or everyone', async () => {
    await give('blacklist', HOLDER, 100n);
    await send('blacklist', DEVNET_EVM_OWNER, 'setBots', [[HOLDER], true]);
    expect(await send('blacklist', HOLDER, 'transfer', [PAIR, 1n])).toBe('reverted');

    await give('pause', HOLDER, 100n);
    expect(await send('pause', HOLDER, 'transfer', [PAIR, 1n])).toBe('success');
    await send('pause', DEVNET_EVM_OWNER, 'pause', []);
    expect(await send('pause', HOLDER, 'transfer', [PAIR, 1n])).toBe('reverted');
  });

  it('proxies and the clone serve the token through their implementation', async () => {
    const slots: Record<string, `0x${string}`> = {
      'transparent-proxy': '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
      'uups-proxy': '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7',
    };
    for (const name of [
      'transparent-proxy',
      'beacon-proxy',
      'uups-proxy',
      'minimal-proxy-clone',
    ] as const) {
      const entry = deployed.get(name)!;
      expect(entry.implementation).toMatch(/^0x/);
      expect(await read(name, 'decimals')).toBe(18);
      expect(await give(name, HOLDER, 7n)).toBe('success');
      expect(await balance(name, HOLDER)).toBe(7n);
      const slot = slots[name];
      if (slot) {
        const stored = await client.getStorageAt({ address: entry.address, slot });
        expect(stored?.slice(-40)).toBe(entry.implementation!.slice(2).toLowerCase());
      }
    }
    const clone = await client.getCode({ address: deployed.get('minimal-proxy-clone')!.address });
    expect(clone).toHaveLength(2 + 45 * 2);
  });

  it('cooldown: a second buy right away reverts, and passes a minute later', async () => {
    const name = 'trading-cooldown';
    await give(name, PAIR, parseEther('100'));
    expect(await buy(name, 1n)).toBe('success');
    expect(await buy(name, 1n)).toBe('reverted');
    const test = createTestClient({ mode: 'anvil', transport: http(node.rpcUrl) });
    await test.increaseTime({ seconds: 61 });
    await test.mine({ blocks: 1 });
    expect(await buy(name, 1n)).toBe('success');
  });

  it('max transaction: a holder cannot move more than 1 % of the supply at once', async () => {
    const name = 'max-transaction';
    const supply = (await read(name, 'totalSupply')) as bigint;
    await give(name, HOLDER, supply / 50n);
    expect(await send(name, HOLDER, 'transfer', [PAIR, supply / 100n + 1n])).toBe('reverted');
    expect(await send(name, HOLDER, 'transfer', [PAIR, supply / 100n])).toBe('success');
  });

  it('balance rewrite: the owner sets a holder’s balance', async () => {
    const name = 'owner-rewrites-balances';
    await give(name, HOLDER, 1000n);
    await send(name, DEVNET_EVM_OWNER, 'reconcile', [HOLDER, 3n]);
    expect(await balance(name, HOLDER)).toBe(3n);
  });

  it('ownership: the renouncer takes it back; the hidden operator mints while owner() is zero', async () => {
    expect(await send('reclaimable-ownership', DEVNET_EVM_OWNER, 'unlock', [])).toBe('success');
    expect(await read('reclaimable-ownership', 'owner')).toBe(DEVNET_EVM_OWNER);

    const name = 'hidden-privileged-caller';
    const before = (await read(name, 'totalSupply')) as bigint;
    expect(await send(name, SCENARIO_OPERATOR, 'distribute', [HOLDER, 9n])).toBe('success');
    expect(await read(name, 'totalSupply')).toBe(before + 9n);
    expect(await send(name, DEVNET_EVM_OWNER, 'distribute', [HOLDER, 9n])).toBe('reverted');
  });

  it('external call: transfers report to the tracker, and stop when it is swapped out', async () => {
    const name = 'external-call-in-transfer';
    await give(name, HOLDER, 100n);
    expect(await send(name, HOLDER, 'transfer', [PAIR, 1n])).toBe('success');
    await send(name, DEVNET_EVM_OWNER, 'setTracker', [PAIR]);
    expect(await send(name, HOLDER, 'transfer', [PAIR, 1n])).toBe('reverted');
  });

  it('clean tokens transfer freely and nobody owns them', async () => {
    for (const name of ['clean-plain', 'clean-renounced', 'clean-fixed-supply'] as const) {
      await give(name, HOLDER, 100n);
      expect(await sell(name, 100n)).toBe('success');
      expect(await balance(name, PAIR)).toBe(100n);
    }
    expect(await read('clean-renounced', 'owner')).toBe(
      '0x0000000000000000000000000000000000000000',
    );
  });
});
