import {
  DEVNET_EVM_OWNER,
  deployScenario,
  devnetViemChain,
  SCENARIO_OPERATOR,
  SCENARIOS,
  type DeployedScenario,
  type ScenarioName,
} from '@vaultscope/devnet';
import {
  createPublicClient,
  createWalletClient,
  http,
  publicActions,
  toFunctionSelector,
  type PublicClient,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDevnet } from '../test/wallet-test-kit';
import { analyzeTokenCode, type TokenCodeAnalysis } from './evm-code-reader';
import { ChainUnavailableError, NoContractCodeError } from './errors';

const CHAIN_ID = 1;
let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let client: PublicClient;
const deployed = new Map<ScenarioName, DeployedScenario>();
const analyses = new Map<ScenarioName, TokenCodeAnalysis>();

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
  client = createPublicClient({ chain, transport: http(rpcUrl) });
  for (const scenario of SCENARIOS) {
    deployed.set(scenario.name, await deployScenario(deployer, scenario.name));
  }
  for (const [name, entry] of deployed) {
    analyses.set(name, await analyzeTokenCode(client, entry.address));
  }
});

afterAll(async () => {
  await devnet?.remove();
});

const analysis = (name: ScenarioName) => analyses.get(name)!;

describe('code analysis of the scenario corpus on a real Anvil node', () => {
  it.each(SCENARIOS.map((scenario) => [scenario.name, scenario.expected.code] as const))(
    '%s: finds the expected code-level fields',
    (name, expected) => {
      expect(analysis(name).fields).toEqual(expected);
    },
  );

  it('raises no code-level risk flag on the clean tokens', () => {
    for (const scenario of SCENARIOS.filter((entry) => !entry.risky)) {
      expect(analysis(scenario.name).fields, scenario.name).toEqual({
        is_proxy: 0,
        selfdestruct: 0,
        external_call: 0,
      });
    }
  });

  it('follows each proxy standard to the token implementation, with the slot or pattern as evidence', () => {
    const expected = {
      'transparent-proxy': 'EIP-1967 implementation',
      'beacon-proxy': 'EIP-1967 beacon',
      'uups-proxy': 'EIP-1822 proxiable',
      'minimal-proxy-clone': 'EIP-1167 minimal proxy',
    } as const;
    for (const [name, standard] of Object.entries(expected) as [ScenarioName, string][]) {
      const result = analysis(name);
      const entry = deployed.get(name)!;
      expect(result.proxies, name).toEqual([
        {
          proxy: entry.address,
          standard,
          implementation: entry.implementation,
          ...(entry.beacon ? { beacon: entry.beacon } : {}),
        },
      ]);
      expect(result.implementation).toBe(entry.implementation);
      // The token's functions are read from the implementation, not from the proxy's fallback.
      expect(result.functions?.map((fn) => fn.selector)).toContain('0xa9059cbb');
      expect(result.evidence.is_proxy[0]).toMatchObject({ address: entry.address, standard });
    }
    expect(analysis('beacon-proxy').evidence.is_proxy[1]).toMatchObject({
      kind: 'beacon-call',
      selector: '0x5c60da1b',
    });
  });

  it('names the opcode and offset behind selfdestruct and external_call', () => {
    const selfdestruct = analysis('self-destruct').evidence.selfdestruct;
    expect(selfdestruct[0]).toMatchObject({ kind: 'opcode', opcode: 'SELFDESTRUCT' });
    const calls = analysis('external-call-in-transfer').evidence.external_call;
    expect(calls.map((item) => item.kind === 'opcode' && item.selector)).toEqual(
      expect.arrayContaining(['0xa9059cbb', '0x23b872dd']),
    );
    expect(calls[0]).toMatchObject({ kind: 'opcode', opcode: 'CALL', offset: expect.any(Number) });
    // A `0` says what was checked.
    expect(analysis('clean-plain').evidence.external_call).toEqual([
      expect.objectContaining({ kind: 'checked' }),
    ]);
  });

  it('finds the obfuscated mint by its selector, not its name, and where CALLER is compared', () => {
    const renamed = analysis('renamed-mint');
    // syncRewardPool(address,uint256), with its argument types read from the bytecode.
    expect(renamed.functions).toContainEqual(
      expect.objectContaining({
        selector: toFunctionSelector('syncRewardPool(address,uint256)'),
        arguments: 'address,uint256',
      }),
    );
    // The hidden operator is an address baked into the code; the owner check reads slot 0.
    expect(analysis('hidden-privileged-caller').callerChecks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'constant', address: SCENARIO_OPERATOR.toLowerCase() }),
        expect.objectContaining({ kind: 'storage', slot: `0x${'0'.repeat(64)}` }),
      ]),
    );
    // The transparent proxy's admin check reads the EIP-1967 admin slot.
    expect(analysis('transparent-proxy').callerChecks).toContainEqual(
      expect.objectContaining({
        kind: 'storage',
        slot: '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103',
      }),
    );
  });

  it('refuses an address without code, and a node it cannot reach, each with its own error', async () => {
    await expect(analyzeTokenCode(client, SCENARIO_OPERATOR)).rejects.toBeInstanceOf(
      NoContractCodeError,
    );
    const down = createPublicClient({
      transport: http('http://127.0.0.1:9/secret-key', { retryCount: 0 }),
    });
    const error = await analyzeTokenCode(down, SCENARIO_OPERATOR).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as Error).message).not.toContain('secret-key');
  });

  it('reads the same verdict at a past block as of that block', async () => {
    const entry = deployed.get('plain-mint')!;
    const result = await analyzeTokenCode(client, entry.address, {
      blockNumber: entry.blockNumber,
    });
    expect(result.blockNumber).toBe(entry.blockNumber);
    expect(result.fields).toEqual(analysis('plain-mint').fields);
  });
});
