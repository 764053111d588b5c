import type { Flag, SecurityReport } from '@vaultscope/core';
import {
  decodeFunctionResult,
  keccak256,
  parseAbi,
  type Address,
  type Hex,
  type PublicClient,
  zeroAddress,
} from 'viem';
import type { CallerCheck } from './evm-bytecode';
import {
  analyzeBytecode,
  type BytecodeFacts,
  type ContractFunction,
  type OpcodeEvidence,
} from './evm-code-analysis';
import {
  addressInSlot,
  BEACON_IMPLEMENTATION_SELECTOR,
  minimalProxyImplementation,
  PROXY_SLOTS,
  type ProxyStandard,
} from './evm-proxies';
import { ChainUnavailableError, NoContractCodeError } from './errors';

/** The report fields the code alone decides. */
export type CodeField = 'is_proxy' | 'selfdestruct' | 'external_call';

/** Why a field has its value; every item names the contract whose code or storage says so. */
export type CodeEvidence =
  | (OpcodeEvidence & { address: Address })
  | { kind: 'storage-slot'; address: Address; standard: ProxyStandard; slot: Hex; value: Address }
  | { kind: 'beacon-call'; address: Address; selector: Hex; value: Address }
  | { kind: 'bytecode-pattern'; address: Address; standard: ProxyStandard; value: Address }
  /** What was looked at and not found: the basis of a `0`. */
  | { kind: 'checked'; address: Address; detail: string };

export interface ProxyHop {
  proxy: Address;
  standard: ProxyStandard;
  implementation: Address;
  beacon?: Address;
}

export interface TokenCodeAnalysis {
  address: Address;
  blockNumber: bigint;
  /** Proxies followed, outermost first; empty when the token is its own code. */
  proxies: ProxyHop[];
  /** The contract whose code the token runs (the token itself when it is no proxy). */
  implementation: Address;
  /** That code's functions; null when the implementation has no code. */
  functions: ContractFunction[] | null;
  /** Where the code compares CALLER, per contract (proxy admins, owners, hidden operators). */
  callerChecks: (CallerCheck & { contract: Address })[];
  fields: Pick<SecurityReport, CodeField>;
  evidence: Record<CodeField, CodeEvidence[]>;
}

export interface AnalyzeTokenCodeOptions {
  /** The block to read at; default the latest, read once so every read agrees. */
  blockNumber?: bigint;
  /** Proxies of proxies are followed this deep. */
  maxProxyHops?: number;
}

/** Bytecode facts by code hash: clones and re-scans of one implementation are analyzed once. */
const factsCache = new Map<Hex, BytecodeFacts>();
const FACTS_CACHE_SIZE = 1_000;

function factsOf(code: Hex): BytecodeFacts {
  const hash = keccak256(code);
  let facts = factsCache.get(hash);
  if (!facts) {
    facts = analyzeBytecode(code);
    if (factsCache.size >= FACTS_CACHE_SIZE) {
      factsCache.delete(factsCache.keys().next().value as Hex);
    }
    factsCache.set(hash, facts);
  }
  return facts;
}

async function rpc<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new ChainUnavailableError(error);
  }
}

const beaconAbi = parseAbi(['function implementation() view returns (address)']);

/**
 * Reads a token's code at one block and judges what the code alone can tell: proxies followed
 * (EIP-1967 implementation and beacon, EIP-1822, EIP-1167) for `is_proxy`, SELFDESTRUCT reachable
 * in any code on the way for `selfdestruct`, a call into other code reachable from `transfer` or
 * `transferFrom` of the implementation for `external_call`. Each field carries its evidence;
 * a field the code cannot decide is null.
 *
 * Throws NoContractCodeError for an address without code, ChainUnavailableError when the node
 * cannot be read.
 */
export async function analyzeTokenCode(
  client: PublicClient,
  address: Address,
  options: AnalyzeTokenCodeOptions = {},
): Promise<TokenCodeAnalysis> {
  const blockNumber = options.blockNumber ?? (await rpc(() => client.getBlockNumber()));
  const maxHops = options.maxProxyHops ?? 3;
  const getCode = async (at: Address) => {
    const code = await rpc(() => client.getCode({ address: at, blockNumber }));
    return code && code !== '0x' ? code : undefined;
  };

  const proxies: ProxyHop[] = [];
  const proxyEvidence: CodeEvidence[] = [];
  const visited: { address: Address; facts: BytecodeFacts }[] = [];
  let current = address;
  let code = await getCode(address);
  if (!code) throw new NoContractCodeError();

  while (code) {
    const clone = minimalProxyImplementation(code);
    if (clone && proxies.length < maxHops) {
      proxies.push({ proxy: current, standard: 'EIP-1167 minimal proxy', implementation: clone });
      proxyEvidence.push({
        kind: 'bytecode-pattern',
        address: current,
        standard: 'EIP-1167 minimal proxy',
        value: clone,
      });
      current = clone;
      code = await getCode(clone);
      continue;
    }
    const facts = factsOf(code);
    visited.push({ address: current, facts });
    if (facts.delegatecall.length === 0 || proxies.length >= maxHops) break;
    const hop = await readProxySlots(client, current, blockNumber, getCode);
    if (!hop) break;
    proxies.push(hop.hop);
    proxyEvidence.push(...hop.evidence);
    current = hop.hop.implementation;
    code = await getCode(current);
  }

  const final = visited.at(-1);
  const implementationFacts = final?.address === current ? final.facts : undefined;
  const evidence: Record<CodeField, CodeEvidence[]> = {
    is_proxy: proxyEvidence,
    selfdestruct: [],
    external_call: [],
  };
  if (proxies.length === 0) {
    evidence.is_proxy.push({
      kind: 'checked',
      address,
      detail: 'not an EIP-1167 clone; no DELEGATECALL, or no proxy slot holding a contract',
    });
  }

  // SELFDESTRUCT anywhere on the way ends the token, whichever contract holds it.
  let selfdestruct: Flag = implementationFacts ? 0 : null;
  for (const { address: holder, facts } of visited) {
    evidence.selfdestruct.push(
      ...facts.selfdestruct.evidence.map((item) => ({ ...item, address: holder })),
    );
    if (facts.selfdestruct.value === 1) selfdestruct = 1;
    else if (facts.selfdestruct.value === null && selfdestruct === 0) selfdestruct = null;
  }
  if (selfdestruct === 0) {
    for (const { address: holder } of visited) {
      evidence.selfdestruct.push({
        kind: 'checked',
        address: holder,
        detail: 'no SELFDESTRUCT reachable from the dispatcher',
      });
    }
  }

  let externalCall: Flag = null;
  if (implementationFacts) {
    const {
      value,
      evidence: calls,
      transferSelectors,
    } = implementationFacts.externalCallInTransfer;
    externalCall = value;
    evidence.external_call.push(...calls.map((item) => ({ ...item, address: current })));
    if (value === 0) {
      evidence.external_call.push({
        kind: 'checked',
        address: current,
        detail: `no CALL, CALLCODE, DELEGATECALL or STATICCALL reachable from ${transferSelectors.join(' and ')}`,
      });
    }
  }

  return {
    address,
    blockNumber,
    proxies,
    implementation: current,
    functions: implementationFacts?.functions ?? null,
    callerChecks: visited.flatMap(({ address: holder, facts }) =>
      facts.callerChecks.map((check) => ({ ...check, contract: holder })),
    ),
    fields: {
      is_proxy: proxies.length > 0 ? 1 : 0,
      selfdestruct,
      external_call: externalCall,
    },
    evidence,
  };
}

/** The first proxy slot of `proxy` that points at code, read all at once. */
async function readProxySlots(
  client: PublicClient,
  proxy: Address,
  blockNumber: bigint,
  getCode: (address: Address) => Promise<Hex | undefined>,
): Promise<{ hop: ProxyHop; evidence: CodeEvidence[] } | undefined> {
  const words = await Promise.all(
    PROXY_SLOTS.map(({ slot }) =>
      rpc(() => client.getStorageAt({ address: proxy, slot, blockNumber })),
    ),
  );
  for (const [index, entry] of PROXY_SLOTS.entries()) {
    const value = addressInSlot(words[index]);
    if (!value || !(await getCode(value))) continue;
    const slotEvidence: CodeEvidence = {
      kind: 'storage-slot',
      address: proxy,
      standard: entry.standard,
      slot: entry.slot,
      value,
    };
    if (!entry.beacon) {
      return {
        hop: { proxy, standard: entry.standard, implementation: value },
        evidence: [slotEvidence],
      };
    }
    const implementation = await beaconImplementation(client, value, blockNumber);
    if (!implementation || !(await getCode(implementation))) continue;
    return {
      hop: { proxy, standard: entry.standard, implementation, beacon: value },
      evidence: [
        slotEvidence,
        {
          kind: 'beacon-call',
          address: value,
          selector: BEACON_IMPLEMENTATION_SELECTOR,
          value: implementation,
        },
      ],
    };
  }
  return undefined;
}

/** What a beacon answers to `implementation()`; undefined when it reverts or answers no address. */
async function beaconImplementation(
  client: PublicClient,
  beacon: Address,
  blockNumber: bigint,
): Promise<Address | undefined> {
  let data: Hex | undefined;
  try {
    ({ data } = await client.call({
      to: beacon,
      data: BEACON_IMPLEMENTATION_SELECTOR,
      blockNumber,
    }));
  } catch {
    // A revert says "not a beacon"; a node that is down has already failed the slot reads.
    return undefined;
  }
  if (!data || data.length !== 66) return undefined;
  const implementation = decodeFunctionResult({
    abi: beaconAbi,
    functionName: 'implementation',
    data,
  });
  return implementation === zeroAddress ? undefined : implementation;
}
