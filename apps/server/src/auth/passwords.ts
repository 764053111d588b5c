import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the package exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** OWASP's argon2id setting: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a login for an unknown email is not faster. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('vaultscope-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
