/**
 * EVM bytecode, read by hand: disassembly and a path-following walk that answers "which opcodes
 * can run from here" and "what is CALLER compared against".
 *
 * Why not a library for this part: evmole (used for selectors and argument types, see
 * evm-code-analysis.ts) builds a control-flow graph, but its dynamic jumps (Solidity's internal
 * function returns) come as back-paths to match, and a plain walk over its edges returns from a
 * shared helper into every caller, so `transfer` would "reach" the CALL of an unrelated function.
 * Here the walk carries the stack: the return address a caller pushed is on it when the helper
 * jumps back, so each path returns to its own caller, exactly. Values are tracked only as far as
 * jump targets and privilege checks need (constants folded, CALLER, SLOAD of a constant slot);
 * everything else is "unknown". The walk is bounded; when it stops early or meets a jump it
 * cannot resolve, it says it is incomplete, and callers answer "unknown" rather than "absent".
 */

/** Opcodes the analysis names in its evidence. */
export const OPCODE = {
  STOP: 0x00,
  ADD: 0x01,
  MUL: 0x02,
  SUB: 0x03,
  LT: 0x10,
  GT: 0x11,
  EQ: 0x14,
  ISZERO: 0x15,
  AND: 0x16,
  OR: 0x17,
  XOR: 0x18,
  NOT: 0x19,
  SHL: 0x1b,
  SHR: 0x1c,
  CALLER: 0x33,
  POP: 0x50,
  SLOAD: 0x54,
  JUMP: 0x56,
  JUMPI: 0x57,
  JUMPDEST: 0x5b,
  PUSH0: 0x5f,
  PUSH1: 0x60,
  PUSH4: 0x63,
  PUSH20: 0x73,
  PUSH32: 0x7f,
  DUP1: 0x80,
  DUP16: 0x8f,
  SWAP1: 0x90,
  SWAP16: 0x9f,
  CREATE: 0xf0,
  CALL: 0xf1,
  CALLCODE: 0xf2,
  RETURN: 0xf3,
  DELEGATECALL: 0xf4,
  CREATE2: 0xf5,
  STATICCALL: 0xfa,
  REVERT: 0xfd,
  INVALID: 0xfe,
  SELFDESTRUCT: 0xff,
} as const;

/** Calls into other code: what `external_call` is about. */
export const CALL_OPCODES = [
  OPCODE.CALL,
  OPCODE.CALLCODE,
  OPCODE.DELEGATECALL,
  OPCODE.STATICCALL,
] as const;

const OPCODE_NAMES = new Map<number, string>(
  Object.entries(OPCODE).map(([name, value]) => [value, name]),
);

export function opcodeName(opcode: number): string {
  return OPCODE_NAMES.get(opcode) ?? `0x${opcode.toString(16).padStart(2, '0')}`;
}

/**
 * Stack inputs and outputs per opcode (Yellow Paper, up to Cancun); PUSH, DUP and SWAP are
 * handled apart. An opcode missing here is undefined: executing it halts (as INVALID).
 */
const STACK_EFFECT: Record<number, readonly [pops: number, pushes: number]> = {
  0x00: [0, 0],
  0x01: [2, 1],
  0x02: [2, 1],
  0x03: [2, 1],
  0x04: [2, 1],
  0x05: [2, 1],
  0x06: [2, 1],
  0x07: [2, 1],
  0x08: [3, 1],
  0x09: [3, 1],
  0x0a: [2, 1],
  0x0b: [2, 1],
  0x10: [2, 1],
  0x11: [2, 1],
  0x12: [2, 1],
  0x13: [2, 1],
  0x14: [2, 1],
  0x15: [1, 1],
  0x16: [2, 1],
  0x17: [2, 1],
  0x18: [2, 1],
  0x19: [1, 1],
  0x1a: [2, 1],
  0x1b: [2, 1],
  0x1c: [2, 1],
  0x1d: [2, 1],
  0x20: [2, 1],
  0x30: [0, 1],
  0x31: [1, 1],
  0x32: [0, 1],
  0x33: [0, 1],
  0x34: [0, 1],
  0x35: [1, 1],
  0x36: [0, 1],
  0x37: [3, 0],
  0x38: [0, 1],
  0x39: [3, 0],
  0x3a: [0, 1],
  0x3b: [1, 1],
  0x3c: [4, 0],
  0x3d: [0, 1],
  0x3e: [3, 0],
  0x3f: [1, 1],
  0x40: [1, 1],
  0x41: [0, 1],
  0x42: [0, 1],
  0x43: [0, 1],
  0x44: [0, 1],
  0x45: [0, 1],
  0x46: [0, 1],
  0x47: [0, 1],
  0x48: [0, 1],
  0x49: [1, 1],
  0x4a: [0, 1],
  0x50: [1, 0],
  0x51: [1, 1],
  0x52: [2, 0],
  0x53: [2, 0],
  0x54: [1, 1],
  0x55: [2, 0],
  0x56: [1, 0],
  0x57: [2, 0],
  0x58: [0, 1],
  0x59: [0, 1],
  0x5a: [0, 1],
  0x5b: [0, 0],
  0x5c: [1, 1],
  0x5d: [2, 0],
  0x5e: [3, 0],
  0x5f: [0, 1],
  0xa0: [2, 0],
  0xa1: [3, 0],
  0xa2: [4, 0],
  0xa3: [5, 0],
  0xa4: [6, 0],
  0xf0: [3, 1],
  0xf1: [7, 1],
  0xf2: [7, 1],
  0xf3: [2, 0],
  0xf4: [6, 1],
  0xf5: [4, 1],
  0xfa: [6, 1],
  0xfd: [2, 0],
  0xfe: [0, 0],
  0xff: [1, 0],
};

const HALTS = new Set<number>([
  OPCODE.STOP,
  OPCODE.RETURN,
  OPCODE.REVERT,
  OPCODE.INVALID,
  OPCODE.SELFDESTRUCT,
]);

export interface Program {
  code: Uint8Array;
  /** Where executable code ends: before Solidity's CBOR metadata, when it is there. */
  codeEnd: number;
  /** Valid jump destinations (JUMPDEST opcodes, not bytes inside PUSH data). */
  jumpdests: ReadonlySet<number>;
}

export function hexToBytes(hex: string): Uint8Array {
  const body = hex.startsWith('0x') ? hex.slice(2) : hex;
  return Uint8Array.from(Buffer.from(body.length % 2 ? `0${body}` : body, 'hex'));
}

/**
 * solc appends CBOR metadata and its 2-byte length; its bytes are not code (a 0xff in an IPFS
 * hash is no SELFDESTRUCT). Recognised by the length pointing at a CBOR map header (0xa1-0xa5).
 */
export function metadataStart(code: Uint8Array): number {
  if (code.length < 4) return code.length;
  const length = (code[code.length - 2]! << 8) | code[code.length - 1]!;
  const start = code.length - 2 - length;
  if (length === 0 || start < 0) return code.length;
  const header = code[start]!;
  return header >= 0xa1 && header <= 0xa5 ? start : code.length;
}

export function loadProgram(code: Uint8Array): Program {
  const codeEnd = metadataStart(code);
  const jumpdests = new Set<number>();
  for (let pc = 0; pc < codeEnd; pc += 1) {
    const op = code[pc]!;
    if (op === OPCODE.JUMPDEST) jumpdests.add(pc);
    else if (op >= OPCODE.PUSH1 && op <= OPCODE.PUSH32) pc += op - OPCODE.PUSH1 + 1;
  }
  return { code, codeEnd, jumpdests };
}

/** Offsets of an opcode anywhere in the code (PUSH data skipped), reachable or not. */
export function findOpcodes(program: Program, opcodes: readonly number[]): Map<number, number[]> {
  const found = new Map<number, number[]>();
  const { code, codeEnd } = program;
  for (let pc = 0; pc < codeEnd; pc += 1) {
    const op = code[pc]!;
    if (opcodes.includes(op)) found.set(op, [...(found.get(op) ?? []), pc]);
    if (op >= OPCODE.PUSH1 && op <= OPCODE.PUSH32) pc += op - OPCODE.PUSH1 + 1;
  }
  return found;
}

/** A stack value as far as the walk knows it; `null` is unknown. */
type Value =
  { kind: 'const'; value: bigint } | { kind: 'caller' } | { kind: 'sload'; slot: bigint } | null;

/** Where the code compares CALLER: with an address in the code, or with a storage slot. */
export type CallerCheck =
  | { kind: 'constant'; address: `0x${string}`; offset: number }
  | { kind: 'storage'; slot: `0x${string}`; offset: number };

export interface Walk {
  /** Offsets reached per opcode of interest. */
  reached: Map<number, number[]>;
  callerChecks: CallerCheck[];
  /** False when a jump could not be resolved or the walk hit its bounds. */
  complete: boolean;
  steps: number;
}

export interface WalkOptions {
  /** Opcodes to report when reached. */
  watch: readonly number[];
  /** Instruction budget for the whole walk. */
  maxSteps?: number;
  /** Distinct stack shapes explored per jump destination before giving up on it. */
  maxStatesPerTarget?: number;
}

const WORD = (1n << 256n) - 1n;
const ADDRESS_MASK = (1n << 160n) - 1n;

function fold(op: number, a: bigint, b: bigint): bigint | undefined {
  switch (op) {
    case OPCODE.ADD:
      return (a + b) & WORD;
    case OPCODE.MUL:
      return (a * b) & WORD;
    case OPCODE.SUB:
      return (a - b) & WORD;
    case OPCODE.AND:
      return a & b;
    case OPCODE.OR:
      return a | b;
    case OPCODE.XOR:
      return a ^ b;
    case OPCODE.LT:
      return a < b ? 1n : 0n;
    case OPCODE.GT:
      return a > b ? 1n : 0n;
    case OPCODE.EQ:
      return a === b ? 1n : 0n;
    // SHL and SHR take the shift first: a is the shift, b the value.
    case OPCODE.SHL:
      return a >= 256n ? 0n : (b << a) & WORD;
    case OPCODE.SHR:
      return a >= 256n ? 0n : b >> a;
    default:
      return undefined;
  }
}

const hexOf = (value: bigint, bytes: number) =>
  `0x${value.toString(16).padStart(bytes * 2, '0')}` as const;

function signature(pc: number, stack: readonly Value[], jumpdests: ReadonlySet<number>): string {
  // Only what steers the walk tells states apart: possible jump targets and tracked values.
  let key = `${pc}|`;
  for (const value of stack) {
    if (value === null) key += '?,';
    else if (value.kind === 'const')
      key +=
        value.value < 0x10000n && jumpdests.has(Number(value.value)) ? `${value.value},` : 'c,';
    else key += value.kind === 'caller' ? 'C,' : `S${value.slot},`;
  }
  return key;
}

/**
 * Walks every path from `entry`, carrying the stack. Reports the watched opcodes reached and
 * every comparison of CALLER with an address constant or a storage slot.
 */
export function walk(program: Program, entry: number, options: WalkOptions): Walk {
  const { code, codeEnd, jumpdests } = program;
  const maxSteps = options.maxSteps ?? 200_000;
  const maxStates = options.maxStatesPerTarget ?? 64;
  const watch = new Set(options.watch);
  const reached = new Map<number, Set<number>>();
  const checks = new Map<string, CallerCheck>();
  const seen = new Set<string>();
  const statesAt = new Map<number, number>();
  let complete = true;
  let steps = 0;

  const queue: { pc: number; stack: Value[] }[] = [{ pc: entry, stack: [] }];
  const enqueue = (pc: number, stack: Value[]) => {
    if (!jumpdests.has(pc) && pc !== entry) return; // a bad jump reverts: that path ends here
    const key = signature(pc, stack, jumpdests);
    if (seen.has(key)) return;
    const count = (statesAt.get(pc) ?? 0) + 1;
    if (count > maxStates) {
      complete = false;
      return;
    }
    statesAt.set(pc, count);
    seen.add(key);
    queue.push({ pc, stack });
  };

  while (queue.length > 0) {
    const state = queue.pop()!;
    const stack = state.stack;
    let pc = state.pc;
    const pop = (): Value => (stack.length > 0 ? stack.pop()! : null);
    for (;;) {
      if (steps++ > maxSteps) {
        return finish(false);
      }
      if (pc >= codeEnd) break; // running off the end is STOP
      const op = code[pc]!;
      if (watch.has(op)) {
        let offsets = reached.get(op);
        if (!offsets) reached.set(op, (offsets = new Set()));
        offsets.add(pc);
      }
      if (op >= OPCODE.PUSH1 && op <= OPCODE.PUSH32) {
        const size = op - OPCODE.PUSH1 + 1;
        let value = 0n;
        for (let i = 1; i <= size; i += 1) value = (value << 8n) | BigInt(code[pc + i] ?? 0);
        stack.push({ kind: 'const', value });
        pc += size + 1;
        continue;
      }
      if (op >= OPCODE.DUP1 && op <= OPCODE.DUP16) {
        const depth = op - OPCODE.DUP1 + 1;
        stack.push(stack.length >= depth ? stack[stack.length - depth]! : null);
        pc += 1;
        continue;
      }
      if (op >= OPCODE.SWAP1 && op <= OPCODE.SWAP16) {
        const depth = op - OPCODE.SWAP1 + 1;
        while (stack.length < depth + 1) stack.unshift(null);
        const top = stack.length - 1;
        [stack[top], stack[top - depth]] = [stack[top - depth]!, stack[top]!];
        pc += 1;
        continue;
      }
      if (op === OPCODE.JUMP || op === OPCODE.JUMPI) {
        const target = pop();
        const condition = op === OPCODE.JUMPI ? pop() : { kind: 'const' as const, value: 1n };
        const taken = condition?.kind === 'const' ? condition.value !== 0n : undefined;
        if (taken !== false) {
          if (target?.kind === 'const' && target.value < BigInt(codeEnd)) {
            enqueue(Number(target.value), taken === true ? stack : [...stack]);
          } else if (target?.kind !== 'const') {
            complete = false; // a jump through a value the walk does not know
          }
        }
        if (op === OPCODE.JUMP || taken === true) break;
        pc += 1;
        continue;
      }
      if (HALTS.has(op)) break;
      const effect = STACK_EFFECT[op];
      if (!effect) break; // undefined opcode: INVALID
      if (op === OPCODE.CALLER) {
        stack.push({ kind: 'caller' });
      } else if (op === OPCODE.SLOAD) {
        const slot = pop();
        stack.push(slot?.kind === 'const' ? { kind: 'sload', slot: slot.value } : null);
      } else if (op === OPCODE.PUSH0) {
        stack.push({ kind: 'const', value: 0n });
      } else if (op === OPCODE.ISZERO || op === OPCODE.NOT) {
        const a = pop();
        stack.push(
          a?.kind === 'const'
            ? {
                kind: 'const',
                value: op === OPCODE.NOT ? ~a.value & WORD : a.value === 0n ? 1n : 0n,
              }
            : null,
        );
      } else if (effect[0] === 2 && effect[1] === 1) {
        const a = pop();
        const b = pop();
        // solc compares with EQ, or with SUB/XOR feeding a JUMPI (non-zero: not equal).
        if (op === OPCODE.EQ || op === OPCODE.SUB || op === OPCODE.XOR) noteCallerCheck(a, b, pc);
        if (a?.kind === 'const' && b?.kind === 'const') {
          const value = fold(op, a.value, b.value);
          stack.push(value === undefined ? null : { kind: 'const', value });
        } else if (op === OPCODE.AND && isAddressMask(a) && b && b.kind !== 'const') {
          stack.push(b); // `and(caller(), 0xff..ff)`: still the caller, still the slot
        } else if (op === OPCODE.AND && isAddressMask(b) && a && a.kind !== 'const') {
          stack.push(a);
        } else {
          stack.push(null);
        }
      } else {
        for (let i = 0; i < effect[0]; i += 1) pop();
        for (let i = 0; i < effect[1]; i += 1) stack.push(null);
      }
      pc += 1;
    }
  }
  return finish(complete);

  function noteCallerCheck(a: Value, b: Value, offset: number) {
    const other = a?.kind === 'caller' ? b : b?.kind === 'caller' ? a : undefined;
    if (!other) return;
    if (other.kind === 'const' && other.value !== 0n && other.value <= ADDRESS_MASK) {
      const check = { kind: 'constant', address: hexOf(other.value, 20), offset } as const;
      checks.set(`c${check.address}`, checks.get(`c${check.address}`) ?? check);
    } else if (other.kind === 'sload') {
      const check = { kind: 'storage', slot: hexOf(other.slot, 32), offset } as const;
      checks.set(`s${check.slot}`, checks.get(`s${check.slot}`) ?? check);
    }
  }

  function finish(done: boolean): Walk {
    return {
      reached: new Map(
        [...reached].map(([op, offsets]) => [op, [...offsets].sort((x, y) => x - y)]),
      ),
      callerChecks: [...checks.values()].sort((x, y) => x.offset - y.offset),
      complete: done,
      steps,
    };
  }
}

function isAddressMask(value: Value): boolean {
  return value?.kind === 'const' && value.value === ADDRESS_MASK;
}
