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
import { startRewritingProxy } from '../indexer/indexer-test-kit';
import { expectedProbeFields } from '../test/scenario-expectations';
import { startTestDevnet } from '../test/wallet-test-kit';
import { startAnvilFork, type AnvilFork } from './anvil-fork';
import { analyzeTokenCode } from './evm-code-reader';
import { probePrivileges, type PrivilegeProbe } from './privilege-probe';

const CHAIN_ID = 1;
let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let fork: AnvilFork;
const probes = new Map<ScenarioName, PrivilegeProbe>();
const codes = new Map<ScenarioName, Awaited<ReturnType<typeof analyzeTokenCode>>>();
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
    codes.set(name, code);
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
  it("leaves the fields undecided, saying so, when the fork's node fails the calls asked first", async () => {
    // The callers' calls, asked with eth_call before each is tried, answered with the node's
    // -32603 (an upstream that timed out): not the token refusing them, so nothing is decided.
    const proxy = await startRewritingProxy(fork.rpcUrl, (call) =>
      call.method === 'eth_call' && (call.params?.[0] as { from?: string } | undefined)?.from
        ? { error: { code: -32603, message: 'Internal error' } }
        : undefined,
    );
    try {
      const failed = await probePrivileges(proxy.url, codes.get('plain-mint')!);
      expect(failed.nodeFailures).toBeGreaterThan(0);
      expect(probe('plain-mint').nodeFailures).toBe(0);
      // What the calls that did run found stands; what was decided by their absence is not.
      const cleared = Object.entries(probe('plain-mint').fields).filter(([, flag]) => flag === 0);
      expect(cleared.length).toBeGreaterThan(0);
      for (const [field] of cleared)
        expect(failed.fields[field as keyof typeof failed.fields], field).toBeNull();
    } finally {
      await proxy.close();
    }
  });

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
