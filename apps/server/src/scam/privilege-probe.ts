import type { Flag, ProbeEffect, SecurityReport } from '@vaultscope/core';
import {
  concatHex,
  createPublicClient,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  parseAbi,
  parseAbiItem,
  parseAbiParameters,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { isContractAnswer } from '../lib/node-errors';
import type { ContractFunction } from './evm-code-analysis';
import type { TokenCodeAnalysis } from './evm-code-reader';
import {
  ForkScript,
  forkHead,
  runSideBySide,
  transferSucceeded,
  type CallOutcome,
  type ForkHead,
  type ScriptRun,
} from './fork-script';

/**
 * Privilege probing: who can act on the token, and what happens when they do. On a throwaway
 * fork, each privileged caller calls each non-standard function with typical arguments, and the
 * state is diffed (then the fork is reverted for the next call):
 * - supply up: `is_mintable`;
 * - a holder who did nothing lost tokens, or gained tokens nobody paid or minted:
 *   `owner_change_balance`;
 * - a holder's transfer now reverts: `is_blacklisted` when one holder is stopped,
 *   `transfer_pausable` when both are;
 * - `owner()` was zero and is not any more: `can_take_back_ownership` (a second pass renounces
 *   first, when the owner can);
 * - any of these done by a caller who is not `owner()` at the time: `hidden_owner`.
 * Callers are `owner()`, `getOwner()`, the address in storage slot 0 (Ownable's), and every
 * address the code compares CALLER against (code constants and storage slots). Names are not
 * used: a mint called `syncRewardPool` is found by what it does.
 * Taxes, limits and cooldowns need trades through the pool: the trading simulation owns them.
 */

export const PROBED_FIELDS = [
  'is_mintable',
  'owner_change_balance',
  'is_blacklisted',
  'transfer_pausable',
  'can_take_back_ownership',
  'hidden_owner',
] as const;
export type ProbedField = (typeof PROBED_FIELDS)[number];

export interface ProbeEvidence {
  kind: 'probe';
  caller: Address;
  /** Why the caller was tried: `owner()`, `storage slot 0x…`, `code constant at 1405`, … */
  callerRoles: string[];
  selector: Hex;
  /** The arguments, as strings (addresses, decimal numbers, booleans). */
  args: string[];
  /** What changed, in plain words with the amounts. */
  effect: string;
  /** The same as data, for core's plain-words rules (amounts in base units). */
  measured: ProbeEffect;
  /** `after-renounce` when the owner had renounced first (on the fork). */
  pass: 'as-is' | 'after-renounce';
}

export interface PrivilegeProbe {
  fields: Pick<SecurityReport, ProbedField>;
  evidence: Record<ProbedField, ProbeEvidence[]>;
  callers: { address: Address; roles: string[] }[];
  /** Calls simulated and sent. */
  calls: number;
  /** Calls the node failed (not the token refusing them): undecided fields say so. */
  nodeFailures: number;
}

const erc20 = parseAbi([
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function transfer(address,uint256) returns (bool)',
  'function owner() view returns (address)',
  'function getOwner() view returns (address)',
  'function renounceOwnership()',
]);
const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

/** ERC-20 and permit functions every holder may call: not privileges. */
const STANDARD_SELECTORS = new Set<string>([
  '0xa9059cbb', // transfer
  '0x23b872dd', // transferFrom
  '0x095ea7b3', // approve
  '0x39509351', // increaseAllowance
  '0xa457c2d7', // decreaseAllowance
  '0xd505accf', // permit
]);
const RENOUNCE_SELECTOR = '0x715018a6';

const MAX_COMBINATIONS = 6;
/** Scripts run at once on the fork: enough to keep Anvil busy while answers travel. */
const PARALLEL_SCRIPTS = 4;
const MAX_SIMULATIONS = 600;
const HOLDER_LOG_BLOCKS = 10_000n;
const HUGE = 10n ** 30n;

/** Fresh addresses with no history, the same on every run. */
const fresh = (label: string): Address =>
  getAddress(`0x${keccak256(toHex(`vaultscope probe ${label}`)).slice(26)}`);
const HOLDER_A = fresh('holder a');
const HOLDER_B = fresh('holder b');
const STRANGER = fresh('stranger');
const RECIPIENT = fresh('recipient');

/**
 * Typical values per ABI type, or undefined for a type the probe does not try (tuples).
 * Addresses: a holder, a fresh address and the token's pool (a setter aimed at the pool is
 * how a token switches off selling or drains its liquidity).
 */
function typicalValues(type: string, pair: Address | undefined): unknown[] | undefined {
  if (type.endsWith('[]')) {
    const inner = typicalValues(type.slice(0, -2), pair);
    return inner?.[0] === undefined ? undefined : [[inner[0]]];
  }
  if (type === 'address') return pair ? [HOLDER_A, STRANGER, pair] : [HOLDER_A, STRANGER];
  if (type === 'bool') return [true, false];
  const uint = /^uint(\d*)$/.exec(type);
  if (uint) {
    const bits = BigInt(uint[1] || 256);
    const max = (1n << bits) - 1n;
    return [1n, max < HUGE ? max : HUGE];
  }
  if (/^int\d*$/.test(type)) return [1n];
  if (/^bytes\d+$/.test(type)) return [`0x${'00'.repeat(Number(type.slice(5)))}`];
  if (type === 'bytes') return ['0x'];
  if (type === 'string') return [''];
  return undefined;
}

function argumentCombinations(
  fn: ContractFunction,
  pair: Address | undefined,
): unknown[][] | undefined {
  const types = fn.arguments ? fn.arguments.split(',') : [];
  if (types.some((type) => type.includes('('))) return undefined;
  let combinations: unknown[][] = [[]];
  for (const type of types) {
    const values = typicalValues(type, pair);
    if (!values) return undefined;
    combinations = combinations.flatMap((prefix) => values.map((value) => [...prefix, value]));
  }
  return combinations.slice(0, MAX_COMBINATIONS);
}

/** A uint256 answer, or undefined when the call reverted or answered nothing. */
function decodeUint(outcome: CallOutcome): bigint | undefined {
  if (!outcome.ok) return undefined;
  try {
    return decodeFunctionResult({ abi: erc20, functionName: 'totalSupply', data: outcome.data });
  } catch {
    return undefined;
  }
}

/** An address answer, or undefined when the call reverted or answered nothing. */
function decodeAddress(outcome: CallOutcome): Address | undefined {
  if (!outcome.ok) return undefined;
  try {
    return decodeFunctionResult({ abi: erc20, functionName: 'owner', data: outcome.data });
  } catch {
    return undefined;
  }
}

const show = (value: unknown): string =>
  Array.isArray(value) ? `[${value.map(show).join(', ')}]` : String(value);

export async function probePrivileges(
  forkRpcUrl: string,
  code: TokenCodeAnalysis,
  options: {
    /** The fork's head, when the caller knows it (else read). */
    head?: ForkHead;
    /** The token's deepest pool: an argument to try, and a balance to watch. */
    pair?: Address;
  } = {},
): Promise<PrivilegeProbe> {
  const { pair } = options;
  // A proxy's address arguments may name its implementation: pointed at the pool, the token
  // would answer as the pool, which says nothing of its powers (the upgrade is is_proxy's
  // finding). Its pool is still watched.
  const pairArgument = code.fields.is_proxy === 1 ? undefined : pair;
  // Reads made together go in one HTTP request (JSON-RPC batch): Anvil answers them in turn.
  const transport = http(forkRpcUrl, { retryCount: 0, batch: true });
  const client: PublicClient = createPublicClient({ transport });
  const token = code.address;
  const evidence: Record<ProbedField, ProbeEvidence[]> = {
    is_mintable: [],
    owner_change_balance: [],
    is_blacklisted: [],
    transfer_pausable: [],
    can_take_back_ownership: [],
    hidden_owner: [],
  };
  const unknown = (): PrivilegeProbe => ({
    fields: Object.fromEntries(
      PROBED_FIELDS.map((field) => [field, null]),
    ) as PrivilegeProbe['fields'],
    evidence,
    callers: [],
    calls: 0,
    nodeFailures: 0,
  });
  if (!code.functions) return unknown();

  const readAddress = async (functionName: 'owner' | 'getOwner') => {
    try {
      return await client.readContract({ address: token, abi: erc20, functionName });
    } catch {
      return undefined;
    }
  };
  const slotAddress = async (slot: Hex) => {
    const word = await client.getStorageAt({ address: token, slot });
    const value = BigInt(word && word !== '0x' ? word : '0x0');
    return value !== 0n && value >> 160n === 0n
      ? getAddress(`0x${value.toString(16).padStart(40, '0')}`)
      : undefined;
  };

  // Who can act.
  const callers = new Map<Address, Set<string>>();
  const addCaller = (address: Address | undefined, role: string) => {
    if (!address || address === zeroAddress) return;
    const roles = callers.get(address) ?? new Set();
    roles.add(role);
    callers.set(address, roles);
  };
  const [declaredOwner, getOwner, slot0, checked] = await Promise.all([
    readAddress('owner'),
    readAddress('getOwner'),
    slotAddress(toHex(0, { size: 32 })),
    Promise.all(
      code.callerChecks.map(async (check) =>
        check.kind === 'constant'
          ? ([getAddress(check.address), `code constant at ${check.offset}`] as const)
          : ([await slotAddress(check.slot), `storage slot ${check.slot}`] as const),
      ),
    ),
  ]);
  addCaller(declaredOwner, 'owner()');
  addCaller(getOwner, 'getOwner()');
  addCaller(slot0, 'storage slot 0');
  for (const [address, role] of checked) addCaller(address, role);

  // Two fresh holders, funded by the largest holder the recent Transfer logs name.
  const latest = await client.getBlockNumber();
  const logs = await client
    .getLogs({
      address: token,
      event: transferEvent,
      fromBlock: latest > HOLDER_LOG_BLOCKS ? latest - HOLDER_LOG_BLOCKS : 0n,
      toBlock: latest,
    })
    .catch(() => []);
  const seen = new Set<Address>([...callers.keys()]);
  for (const log of logs) if (log.args.to) seen.add(getAddress(log.args.to));
  const balanceOf = (account: Address) =>
    client.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [account] });
  let funder: Address | undefined;
  let funderBalance = 0n;
  const candidates = [...seen].slice(0, 50);
  const candidateBalances = await Promise.all(
    candidates.map((account) => balanceOf(account).catch(() => 0n)),
  );
  candidates.forEach((account, index) => {
    const balance = candidateBalances[index]!;
    if (balance > funderBalance) [funder, funderBalance] = [account, balance];
  });
  const transferData = (to: Address, amount: bigint) =>
    encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [to, amount] });
  const read = (script: ForkScript, functionName: 'totalSupply' | 'owner' | 'getOwner') =>
    script.call({
      from: STRANGER,
      to: token,
      data: encodeFunctionData({ abi: erc20, functionName }),
    });
  const readBalance = (script: ForkScript, account: Address) =>
    script.call({
      from: STRANGER,
      to: token,
      data: encodeFunctionData({ abi: erc20, functionName: 'balanceOf', args: [account] }),
    });

  // Everything below runs in scripts on the fork (fork-script.ts): nothing is sent, so the fork
  // stays as it was and every call is tried from the same state, side by side.
  const head = options.head ?? (await forkHead(client));
  // The two holders, funded by the funder with a thousandth of its balance each.
  let funded = new ForkScript(client, head);
  let holdersFunded = false;
  const holderBalances = new Map<Address, bigint>();
  if (funder && funderBalance / 1000n > 0n) {
    const share = funderBalance / 1000n;
    const toA = funded.call({ from: funder, to: token, data: transferData(HOLDER_A, share) });
    funded.wait(1n);
    const toB = funded.call({ from: funder, to: token, data: transferData(HOLDER_B, share) });
    const balances = [HOLDER_A, HOLDER_B].map((holder) => readBalance(funded, holder));
    const run = await funded.run();
    holdersFunded = run.of(toA).ok && run.of(toB).ok;
    if (holdersFunded)
      [HOLDER_A, HOLDER_B].forEach((holder, index) =>
        holderBalances.set(holder, decodeUint(run.of(balances[index]!)) ?? 0n),
      );
    else funded = new ForkScript(client, head);
  }
  /** Each holder tries to send a tenth of its balance, each in a block of its own. */
  const placeTransferTests = (script: ForkScript) =>
    [HOLDER_A, HOLDER_B].map((holder) => {
      script.wait(1n);
      const balance = holderBalances.get(holder) ?? 0n;
      return script.call({
        from: holder,
        to: token,
        data: transferData(RECIPIENT, balance / 10n || 1n),
      });
    });
  let holderTest = false;
  if (holdersFunded && [...holderBalances.values()].every((balance) => balance > 0n)) {
    const tests = funded.fork();
    const placed = placeTransferTests(tests);
    const run = await tests.run();
    holderTest = placed.every((handle) => run.of(handle).ok);
  }

  interface State {
    supply: bigint | undefined;
    balances: Map<Address, bigint | undefined>;
    /** `owner()` and `getOwner()`: whoever the token declares as its owner. */
    owner: Address | undefined;
    getOwner: Address | undefined;
  }
  const tracked = [
    ...new Set([HOLDER_A, HOLDER_B, ...(funder ? [funder] : []), ...(pair ? [pair] : [])]),
  ];
  /** Reads of the state a call is judged by, placed in a script, and how to read them back. */
  const placeStateReads = (script: ForkScript, caller: Address) => {
    const accounts = [...tracked, caller];
    const supply = read(script, 'totalSupply');
    const owner = read(script, 'owner');
    const getOwner = read(script, 'getOwner');
    const balances = accounts.map((account) => readBalance(script, account));
    return (run: ScriptRun): State => ({
      supply: decodeUint(run.of(supply)),
      owner: decodeAddress(run.of(owner)),
      getOwner: decodeAddress(run.of(getOwner)),
      balances: new Map(
        accounts.map((account, index) => [account, decodeUint(run.of(balances[index]!))]),
      ),
    });
  };

  const functions = code.functions.filter(
    (fn) =>
      !STANDARD_SELECTORS.has(fn.selector) &&
      fn.stateMutability !== 'view' &&
      fn.stateMutability !== 'pure',
  );
  let calls = 0;
  let complete = true;
  let nodeFailures = 0;

  const runPass = async (pass: ProbeEvidence['pass'], start: ForkScript) => {
    // Every attempt starts from the same state, so which calls a caller may make is asked of
    // all of them at once, batched; only those are tried, each in a script of its own.
    const attempts: {
      caller: Address;
      callerRoles: string[];
      fn: ContractFunction;
      args: unknown[];
      data: Hex;
    }[] = [];
    collect: for (const [caller, roleSet] of callers) {
      const callerRoles = [...roleSet];
      for (const fn of functions) {
        const combinations = argumentCombinations(fn, pairArgument);
        if (!combinations) continue;
        const types = fn.arguments ? parseAbiParameters(fn.arguments) : [];
        for (const args of combinations) {
          if (calls >= MAX_SIMULATIONS) {
            complete = false;
            break collect;
          }
          calls += 1;
          const data = concatHex([fn.selector, encodeAbiParameters(types, args as never)]);
          attempts.push({ caller, callerRoles, fn, args, data });
        }
      }
    }
    // Asked with eth_call at the fork's head, all at once in one batch: a call that reverts
    // there is not tried. A call allowed only after renouncing is not tried in that pass either
    // (a script each would cost a few ms per call, for what is rare); one allowed here that
    // reverts after renouncing shows as such in its own script.
    const allowed = await Promise.all(
      attempts.map(({ caller, data }) =>
        client.call({ account: caller, to: token, data }).then(
          () => true,
          (error: unknown) => {
            // Refused: not allowed for this caller, or not with these arguments. A node's own
            // failure (a fork whose upstream timed out) decides nothing: fields stay undecided.
            if (!isContractAnswer(error)) nodeFailures += 1;
            return false;
          },
        ),
      ),
    );
    if (nodeFailures > 0) complete = false;
    const results: (() => void)[] = [];
    const tryAttempt = async (index: number) => {
      const { caller, callerRoles, fn, args, data } = attempts[index]!;
      const script = start.fork();
      script.wait(1n);
      const before = placeStateReads(script, caller);
      const sent = script.call({ from: caller, to: token, data });
      const after = placeStateReads(script, caller);
      const transfers = holderTest ? placeTransferTests(script) : [];
      const run = await script.run();
      if (!run.of(sent).ok) return;
      const stateBefore = before(run);
      const stateAfter = after(run);
      const found = diff(stateBefore, stateAfter, caller);
      // A holder whose balance the call changed is owner_change_balance's case, not a block.
      const stopped = [HOLDER_A, HOLDER_B].filter(
        (holder, position) =>
          holderTest &&
          stateBefore.balances.get(holder) === stateAfter.balances.get(holder) &&
          !transferSucceeded(run.of(transfers[position]!)),
      );
      results[index] = () => {
        const record = (field: ProbedField, effect: string, measured: ProbeEffect) =>
          evidence[field].push({
            kind: 'probe',
            caller,
            callerRoles,
            selector: fn.selector,
            args: args.map(show),
            effect,
            measured,
            pass,
          });
        for (const [field, effect, measured] of found) record(field, effect, measured);
        if (stopped.length === 1)
          record('is_blacklisted', `${stopped[0]}'s transfers now revert`, {
            what: 'holder-blocked',
            account: stopped[0],
          });
        if (stopped.length === 2)
          record('transfer_pausable', 'every holder’s transfers now revert', {
            what: 'all-blocked',
          });
        const acted = found.length > 0 || stopped.length > 0;
        // The owner is whoever owner() or getOwner() names (BEP-20 tokens declare the latter).
        const declared = stateBefore.owner ?? stateBefore.getOwner;
        if (acted && caller !== stateBefore.owner && caller !== stateBefore.getOwner) {
          record('hidden_owner', `done by ${caller}, while owner() is ${declared ?? 'absent'}`, {
            what: 'not-the-owner',
            ...(declared && declared !== zeroAddress ? { account: declared } : {}),
          });
        }
      };
    };
    // A call naming a funded holder is tried whatever the head said: the holders hold nothing
    // there, so a call that takes their tokens reverts at the head and works on the script.
    const tried = attempts.flatMap((attempt, index) =>
      allowed[index] || attempt.args.includes(HOLDER_A) ? [index] : [],
    );
    await runSideBySide(
      tried,
      Array.from({ length: PARALLEL_SCRIPTS }, () => () => tryAttempt),
    );
    // The evidence in the calls' order, whichever script finished first.
    for (const record of results) record?.();
  };

  await runPass('as-is', funded);
  if (
    declaredOwner &&
    declaredOwner !== zeroAddress &&
    functions.some((fn) => fn.selector === RENOUNCE_SELECTOR)
  ) {
    const renounced = funded.fork();
    renounced.wait(1n);
    const renounce = renounced.call({ from: declaredOwner, to: token, data: RENOUNCE_SELECTOR });
    const ownerAfter = read(renounced, 'owner');
    const run = await renounced.run();
    if (run.of(renounce).ok && decodeAddress(run.of(ownerAfter)) === zeroAddress)
      await runPass('after-renounce', renounced);
  }

  const flag = (field: ProbedField, decidable: boolean): Flag =>
    evidence[field].length > 0 ? 1 : decidable && complete ? 0 : null;
  return {
    fields: {
      is_mintable: flag('is_mintable', true),
      owner_change_balance: flag('owner_change_balance', holdersFunded),
      is_blacklisted: flag('is_blacklisted', holderTest),
      transfer_pausable: flag('transfer_pausable', holderTest),
      can_take_back_ownership: flag('can_take_back_ownership', true),
      hidden_owner: flag('hidden_owner', true),
    },
    evidence,
    callers: [...callers].map(([address, roles]) => ({ address, roles: [...roles] })),
    calls,
    nodeFailures,
  };

  function diff(
    before: State,
    after: State,
    caller: Address,
  ): [ProbedField, string, ProbeEffect][] {
    const found: [ProbedField, string, ProbeEffect][] = [];
    const supplyDelta =
      before.supply !== undefined && after.supply !== undefined ? after.supply - before.supply : 0n;
    if (supplyDelta > 0n) {
      found.push([
        'is_mintable',
        `totalSupply rose by ${supplyDelta} (${before.supply} → ${after.supply})`,
        { what: 'supply-raised', amount: supplyDelta.toString() },
      ]);
    }
    const delta = (account: Address) => {
      const from = before.balances.get(account);
      const to = after.balances.get(account);
      return from === undefined || to === undefined ? 0n : to - from;
    };
    const callerPaid = delta(caller) < 0n ? -delta(caller) : 0n;
    let unexplained = 0n;
    for (const account of tracked) {
      if (account === caller) continue;
      const change = delta(account);
      if (change < 0n) {
        found.push([
          'owner_change_balance',
          `${account} lost ${-change} without acting`,
          { what: 'balance-taken', account, amount: (-change).toString() },
        ]);
      } else if (change > 0n && account !== pair) {
        // Tokens the pool receives are sold, not given (a tax token's owner selling its fees).
        unexplained += change;
      }
    }
    unexplained -= (supplyDelta > 0n ? supplyDelta : 0n) + callerPaid;
    if (unexplained > 0n) {
      found.push([
        'owner_change_balance',
        `holders gained ${unexplained} that nobody paid or minted`,
        { what: 'balance-given', amount: unexplained.toString() },
      ]);
    }
    if (
      (before.owner === zeroAddress || before.owner === undefined) &&
      after.owner &&
      after.owner !== zeroAddress
    ) {
      found.push([
        'can_take_back_ownership',
        `owner() went from ${zeroAddress} to ${after.owner}`,
        { what: 'ownership-regained', account: after.owner },
      ]);
    }
    return found;
  }
}
