import { randomBytes } from 'node:crypto';
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit';
import { bytesToHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

export type KeyFamily = 'evm' | 'solana';

/**
 * A new private key for a chain family and its public address: 32 random bytes, a secp256k1
 * key for EVM (viem) or an Ed25519 seed for Solana (@solana/kit).
 */
export async function newKey(family: KeyFamily): Promise<{ secret: Buffer; address: string }> {
  for (;;) {
    const secret = randomBytes(32);
    try {
      return { secret, address: await addressOf(family, secret) };
    } catch {
      // Outside secp256k1's range (about 1 in 2^128): draw again.
      secret.fill(0);
    }
  }
}

export async function addressOf(family: KeyFamily, secret: Uint8Array): Promise<string> {
  if (family === 'evm') return privateKeyToAccount(bytesToHex(secret)).address;
  const signer = await createKeyPairSignerFromPrivateKeyBytes(secret);
  return signer.address;
}
