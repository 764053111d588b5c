import {
  addressKey,
  base58Encode,
  chainFamilyOf,
  toChecksumEvmAddress,
  type ChainCode,
} from '@vaultscope/core';
import type { Random } from './prng';

/**
 * Hands out random addresses that are valid for their chain (EIP-55 checksummed EVM addresses,
 * base58 32-byte Solana keys) and never repeats one within a snapshot.
 */
export class AddressBook {
  private readonly used = new Set<string>();

  constructor(private readonly rng: Random) {}

  /** Marks a fixed address (a real quote token, say) as taken. */
  reserve(chain: ChainCode, address: string): void {
    this.used.add(this.key(chain, address));
  }

  /** A fresh, unused address on `chain`. */
  next(chain: ChainCode): string {
    for (;;) {
      const address = this.random(chain);
      const key = this.key(chain, address);
      if (!this.used.has(key)) {
        this.used.add(key);
        return address;
      }
    }
  }

  /** A random address that is not recorded (holders and authorities, which may repeat). */
  random(chain: ChainCode): string {
    if (chainFamilyOf(chain) === 'solana') return base58Encode(this.rng.bytes(32));
    const hex = [...this.rng.bytes(20)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    return toChecksumEvmAddress(`0x${hex}`);
  }

  private key(chain: ChainCode, address: string): string {
    // EVM chains share one address space: the same contract address on two chains is still
    // two tokens, but unique addresses across EVM chains keep test data unambiguous.
    return chainFamilyOf(chain) === 'solana'
      ? `solana:${address}`
      : `evm:${addressKey(chain, address)}`;
  }
}
