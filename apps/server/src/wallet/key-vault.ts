import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { hashRaw } from '@node-rs/argon2';

/**
 * The wallet's cryptography (DESIGN.md section 5): a 256-bit wallet key derived from the wallet
 * password with argon2id at OWASP's setting, and AES-256-GCM sealing under it. Nothing here keeps
 * or logs a key; callers hold them as briefly as they can.
 */

/** `Algorithm.Argon2id` (a const enum the package exports, which isolated modules cannot read). */
const ARGON2ID = 2;

export interface KdfSettings {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP: argon2id with 19 MiB, 2 passes, 1 lane. */
export const OWASP_ARGON2ID: KdfSettings = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const KDF_PATTERN = /^argon2id\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)$/;

/** A fresh KDF description (settings and a random 16-byte salt), stored beside the vault. */
export function newKdf(settings: KdfSettings = OWASP_ARGON2ID): string {
  const { memoryCost: m, timeCost: t, parallelism: p } = settings;
  return `argon2id$m=${m},t=${t},p=${p}$${randomBytes(16).toString('base64')}`;
}

export async function deriveWalletKey(password: string, kdf: string): Promise<Buffer> {
  const match = KDF_PATTERN.exec(kdf);
  if (!match) throw new Error('Unknown wallet KDF description');
  const [, m, t, p, salt] = match as unknown as [string, string, string, string, string];
  return hashRaw(password, {
    algorithm: ARGON2ID,
    memoryCost: Number(m),
    timeCost: Number(t),
    parallelism: Number(p),
    salt: Buffer.from(salt, 'base64'),
    outputLen: 32,
  });
}

const SEAL_VERSION = 'v1';

/** AES-256-GCM with a random 96-bit nonce: `v1.<nonce>.<ciphertext>.<tag>` in base64. */
export function seal(key: Uint8Array, plaintext: Uint8Array, associatedData: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(associatedData));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [SEAL_VERSION, nonce, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
    .join('.');
}

export class SealOpenError extends Error {
  override name = 'SealOpenError';
}

/**
 * Opens what {@link seal} sealed with the same key and associated data. A wrong key (wrong
 * password) or a changed byte fails the GCM tag check and throws {@link SealOpenError}.
 */
export function open(key: Uint8Array, sealed: string, associatedData: string): Buffer {
  const [version, nonce, ciphertext, tag] = sealed.split('.');
  if (version !== SEAL_VERSION || !nonce || ciphertext === undefined || !tag)
    throw new SealOpenError('Not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64'));
    decipher.setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]);
  } catch (cause) {
    throw new SealOpenError('The sealed value does not open with this key', { cause });
  }
}
