import { describe, expect, it } from 'vitest';
import { findOpcodes, hexToBytes, loadProgram, OPCODE, walk } from './evm-bytecode';

const program = (hex: string) => loadProgram(hexToBytes(hex));

describe('the bytecode walk', () => {
  // Two entries share a helper that returns by jumping to the address its caller pushed, as
  // Solidity's internal functions do. Only entry B calls out after the helper returns.
  //   0: PUSH1 0x05 PUSH1 0x16 JUMP | 5: JUMPDEST STOP
  //   7: PUSH1 0x0c PUSH1 0x16 JUMP | 12: JUMPDEST PUSH0 x7 CALL STOP
  //  22: JUMPDEST JUMP               (the helper)
  const shared = program('6005601656' + '5b00' + '600c601656' + '5b5f5f5f5f5f5f5ff100' + '5b56');

  it('returns from a shared helper to its own caller only, so entry A reaches no CALL', () => {
    const fromA = walk(shared, 0, { watch: [OPCODE.CALL] });
    expect(fromA.reached.get(OPCODE.CALL)).toBeUndefined();
    expect(fromA.complete).toBe(true);
    const fromB = walk(shared, 7, { watch: [OPCODE.CALL] });
    expect(fromB.reached.get(OPCODE.CALL)).toEqual([20]);
  });

  it('says it is incomplete when a jump target comes from input', () => {
    // PUSH0 CALLDATALOAD JUMP: the walk cannot know where this goes.
    const result = walk(program('5f3556'), 0, { watch: [OPCODE.CALL] });
    expect(result.complete).toBe(false);
  });

  it('follows both sides of a JUMPI on unknown input and only the taken side on a constant', () => {
    // PUSH0 CALLDATALOAD PUSH1 0x07 JUMPI INVALID(0xfe)… | 7: JUMPDEST SELFDESTRUCT
    const either = walk(program('5f3560075700fe5bff'), 0, { watch: [OPCODE.SELFDESTRUCT] });
    expect(either.reached.get(OPCODE.SELFDESTRUCT)).toEqual([8]);
    // PUSH0 PUSH1 0x05 JUMPI STOP | 5: JUMPDEST SELFDESTRUCT: the condition is 0, never taken.
    const never = walk(program('5f600557005bff'), 0, { watch: [OPCODE.SELFDESTRUCT] });
    expect(never.reached.get(OPCODE.SELFDESTRUCT)).toBeUndefined();
    expect(never.complete).toBe(true);
  });

  it('records CALLER compared with a code constant (EQ) and with a storage slot (SUB)', () => {
    const operator = '70997970c51812dc3a010c7d01b50e0d17dc79c8';
    // PUSH20 operator CALLER EQ POP | PUSH1 0x07 SLOAD mask AND CALLER SUB POP STOP
    const mask = '6001600160a01b03'; // PUSH1 1 PUSH1 1 PUSH1 0xa0 SHL SUB: 2^160 - 1, as solc writes it
    const code = `73${operator}331450600754${mask}1633035000`;
    const result = walk(program(code), 0, { watch: [] });
    expect(result.callerChecks).toEqual([
      { kind: 'constant', address: `0x${operator}`, offset: 22 },
      {
        kind: 'storage',
        slot: `0x${'0'.repeat(63)}7`,
        offset: expect.any(Number),
      },
    ]);
  });

  it('reads no opcode inside PUSH data or solc metadata', () => {
    // PUSH1 0xff STOP, then CBOR metadata {…0xff 0xff} and its length: no SELFDESTRUCT anywhere.
    const withMetadata = program('60ff00' + 'a1ffff' + '0003');
    expect(withMetadata.codeEnd).toBe(3);
    expect(findOpcodes(withMetadata, [OPCODE.SELFDESTRUCT]).size).toBe(0);
    expect(
      findOpcodes(program('60ff00ff'), [OPCODE.SELFDESTRUCT]).get(OPCODE.SELFDESTRUCT),
    ).toEqual([3]);
  });
});
