import { contractInfo } from 'evmole';
import {
  CALL_OPCODES,
  findOpcodes,
  hexToBytes,
  loadProgram,
  OPCODE,
  opcodeName,
  walk,
  type CallerCheck,
} from './evm-bytecode';

/**
 * What the bytecode of one contract says on its own, without a chain: its functions, the opcodes
 * that matter and where the code checks who is calling. Pure; `analyzeTokenCode` (evm-code-reader)
 * runs it on the code behind proxies.
 *
 * Selectors and argument types come from evmole, which finds them by running the dispatcher
 * symbolically, so they hold for solc (legacy and via-IR) and Vyper alike and do not depend on
 * names: an obfuscated mint is a selector like any other. Measured on the corpus: about 1 ms for
 * selectors and 5 ms with argument types per contract, after a one-off WebAssembly start-up.
 * @shazow/whatsabi was weighed too: its selectors come from PUSH4 patterns (faster to break on
 * unusual dispatchers, per evmole's published comparison) and it finds no argument types, which
 * privilege probing needs; its proxy resolution is the four slot reads of evm-proxies.ts.
 */

export interface ContractFunction {
  /** 4-byte selector, `0x` and 8 hex digits. */
  selector: `0x${string}`;
  /** Where the function's code starts (evmole's entry offset). */
  offset: number;
  /** Argument types, canonical (`address,uint256`), as evmole infers them. */
  arguments: string | null;
  stateMutability: string | null;
}

/** One reason for a field's value, precise enough to check by hand in a disassembler. */
export interface OpcodeEvidence {
  kind: 'opcode';
  opcode: string;
  offset: number;
  /** The function it is reached from, when the walk started at one. */
  selector?: `0x${string}`;
}

export interface BytecodeFacts {
  size: number;
  functions: ContractFunction[];
  /** SELFDESTRUCT reachable from the dispatcher: 1, absent: 0, undecidable: null. */
  selfdestruct: { value: 0 | 1 | null; evidence: OpcodeEvidence[] };
  /** A call into other code reachable from transfer or transferFrom. */
  externalCallInTransfer: {
    value: 0 | 1 | null;
    evidence: OpcodeEvidence[];
    /** The transfer functions found (an ERC-20 has both); none: the question is moot (null). */
    transferSelectors: `0x${string}`[];
  };
  /** DELEGATECALL anywhere reachable: proxies need it, tokens rarely do. */
  delegatecall: OpcodeEvidence[];
  /** CALLER compared with a constant address or a storage slot (owner, hidden operators). */
  callerChecks: CallerCheck[];
  /** False when a walk could not follow every path; absent opcodes then read as unknown. */
  complete: boolean;
}

/** `transfer(address,uint256)` and `transferFrom(address,address,uint256)`. */
export const TRANSFER_SELECTORS = ['0xa9059cbb', '0x23b872dd'] as const;

export function readFunctions(codeHex: `0x${string}`): ContractFunction[] {
  const info = contractInfo(codeHex, { selectors: true, arguments: true, stateMutability: true });
  return (info.functions ?? [])
    .map((fn) => ({
      selector: `0x${fn.selector}` as const,
      offset: fn.bytecodeOffset,
      arguments: fn.arguments ?? null,
      stateMutability: fn.stateMutability ?? null,
    }))
    .sort((a, b) => a.selector.localeCompare(b.selector));
}

const evidenceOf = (
  reached: Map<number, number[]>,
  opcodes: readonly number[],
  selector?: `0x${string}`,
): OpcodeEvidence[] =>
  opcodes.flatMap((opcode) =>
    (reached.get(opcode) ?? []).map((offset) => ({
      kind: 'opcode' as const,
      opcode: opcodeName(opcode),
      offset,
      ...(selector ? { selector } : {}),
    })),
  );

export function analyzeBytecode(codeHex: `0x${string}`): BytecodeFacts {
  const program = loadProgram(hexToBytes(codeHex));
  const functions = readFunctions(codeHex);

  // From the top: what any caller can reach, and every CALLER comparison on the way.
  const whole = walk(program, 0, {
    watch: [OPCODE.SELFDESTRUCT, OPCODE.DELEGATECALL],
  });
  const selfdestructEvidence = evidenceOf(whole.reached, [OPCODE.SELFDESTRUCT]);
  let selfdestruct: 0 | 1 | null;
  if (selfdestructEvidence.length > 0) selfdestruct = 1;
  else if (whole.complete) selfdestruct = 0;
  else {
    // The walk stopped early: only the opcode's absence from the whole code is conclusive.
    selfdestruct = findOpcodes(program, [OPCODE.SELFDESTRUCT]).size === 0 ? 0 : null;
  }

  const transfers = functions.filter((fn) =>
    (TRANSFER_SELECTORS as readonly string[]).includes(fn.selector),
  );
  const callEvidence: OpcodeEvidence[] = [];
  let transfersComplete = true;
  for (const fn of transfers) {
    const fromTransfer = walk(program, fn.offset, { watch: CALL_OPCODES });
    callEvidence.push(...evidenceOf(fromTransfer.reached, CALL_OPCODES, fn.selector));
    transfersComplete &&= fromTransfer.complete;
  }
  let externalCall: 0 | 1 | null;
  if (callEvidence.length > 0) externalCall = 1;
  else if (transfers.length === 0) externalCall = null;
  else if (transfersComplete) externalCall = 0;
  else externalCall = findOpcodes(program, CALL_OPCODES).size === 0 ? 0 : null;

  return {
    size: program.code.length,
    functions,
    selfdestruct: { value: selfdestruct, evidence: selfdestructEvidence },
    externalCallInTransfer: {
      value: externalCall,
      evidence: callEvidence,
      transferSelectors: transfers.map((fn) => fn.selector),
    },
    delegatecall: evidenceOf(whole.reached, [OPCODE.DELEGATECALL]),
    callerChecks: whole.callerChecks,
    complete: whole.complete && transfersComplete,
  };
}
