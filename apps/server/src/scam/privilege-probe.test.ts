import {
  DEVNET_EVM_OWNER,
  deployScenario,
  devnetViemChain,
  SCENARIO_OPERATOR,
  SCENARIOS,
  type ScenarioName,
} from '@vaultscope/devnet';
import { createPublicClient, createWalletClient, http, publicActions } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedProbeFields } from '../test/scenario-expectations';
import { startTestDevnet } from '../test/wallet-test-kit';
import { startAnvilFork, type AnvilFork } from './anvil-fork';
import { analyzeTokenCode } from './evm-code-reader';
import { probePrivileges, type PrivilegeProbe } from './privilege-probe';

const CHAIN_ID = 1;
let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let fork: AnvilFork;
const probes = new Map<ScenarioName, PrivilegeProbe>();
let chainBlockAfterProbes: bigint;
let chainBlockBeforeProbes: bigint;

beforeAll(async () => {
  devnet = await startTestDevnet([CHAIN_ID]);
  const rpcUrl = devnet.rpcUrl(CHAIN_ID);
  const chain = devnetViemChain(CHAIN_ID, rpcUrl);
  const deployer = createWalletClient({
    account: DEVNET_EVM_OWNER,
    chain,
    transport: http(rpcUrl),
    pollingInterval: 50,
  }).extend(publicActions);
  const client = createPublicClient({ chain, transport: http(rpcUrl) });
  const addresses = new Map<ScenarioName, `0x${string}`>();
  for (const scenario of SCENARIOS) {
    addresses.set(scenario.name, (await deployScenario(deployer, scenario.name)).address);
  }
  chainBlockBeforeProbes = await client.getBlockNumber();
  fork = await startAnvilFork({ forkUrl: rpcUrl, blockNumber: chainBlockBeforeProbes });
  for (const [name, address] of addresses) {
    const code = await analyzeTokenCode(client, address, { blockNumber: chainBlockBeforeProbes });
    probes.set(name, await probePrivileges(fork.rpcUrl, code));
  }
  chainBlockAfterProbes = await client.getBlockNumber();
}, 180_000);

afterAll(async () => {
  await fork?.stop();
  await devnet?.remove();
});

const probe = (name: ScenarioName) => probes.get(name)!;

describe('privilege probing of the scenario corpus on an Anvil fork', () => {
  it.each(expectedProbeFields())('%s: finds the expected privileges', (name, expected) => {
    expect(probe(name).fields).toMatchObject(expected);
  });

  it('finds a mint by what it does, whatever its name, with the caller and the supply change', () => {
    const [evidence] = probe('renamed-mint').evidence.is_mintable;
    expect(evidence).toMatchObject({
      caller: DEVNET_EVM_OWNER,
      callerRoles: expect.arrayContaining(['owner()']),
      effect: expect.stringMatching(/^totalSupply rose by \d+/),
    });
  });

  it('names the hidden operator, found as a constant in the code, as the one who mints', () => {
    const result = probe('hidden-privileged-caller');
    expect(result.evidence.hidden_owner[0]).toMatchObject({
      caller: SCENARIO_OPERATOR,
      callerRoles: [expect.stringMatching(/^code constant at \d+$/)],
    });
  });

  it('takes back a renounced ownership as the address remembered in storage', () => {
    expect(probe('reclaimable-ownership').evidence.can_take_back_ownership[0]).toMatchObject({
      caller: DEVNET_EVM_OWNER,
      callerRoles: [expect.stringMatching(/^storage slot 0x/)],
    });
  });

  it('tells one blocked holder (blacklist) from everyone blocked (pause)', () => {
    expect(probe('blacklist').fields).toMatchObject({ is_blacklisted: 1, transfer_pausable: 0 });
    expect(probe('pause').fields).toMatchObject({ is_blacklisted: 0, transfer_pausable: 1 });
  });

  it('never touches the real chain: every probe ran on the fork', () => {
    expect(chainBlockAfterProbes).toBe(chainBlockBeforeProbes);
  });
});
