import { and, eq } from 'drizzle-orm';
import { walletMessages, type NetworkMode } from '@vaultscope/core';
import type { Clock } from '../lib/clock';
import type { Database } from '../lib/db/client';
import { users } from '../lib/db/schema';
import { BadRequestError, ConflictError, ForbiddenError } from '../lib/errors';
import type { Throttle } from '../lib/throttle';
import { deriveWalletKey, type KdfSettings, newKdf, open, OWASP_ARGON2ID, seal } from './key-vault';
import type { UnlockedWallets } from './unlocked-wallets';
import { type KeyFamily, newKey } from './wallet-keys';
import { walletKeys, walletVaults } from './wallet-tables';
import { walletThrottleKeys } from './wallet-throttle';

/** The fixed text whose sealed form tells a right wallet password from a wrong one. */
const CHECK_TEXT = 'vaultscope wallet check v1';

const keyAssociatedData = (userId: string, family: KeyFamily) => `wallet-key:${userId}:${family}`;
const checkAssociatedData = (userId: string) => `wallet-check:${userId}`;

/**
 * The wallet's keys and settings: the password vault, unlock and lock, key generation, public
 * addresses and network mode. Private keys leave this class only inside {@link withSecret}.
 */
export class WalletService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: Throttle,
    private readonly unlocked: UnlockedWallets,
    private readonly kdfSettings: KdfSettings = OWASP_ARGON2ID,
  ) {}

  async hasPassword(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: walletVaults.userId })
      .from(walletVaults)
      .where(eq(walletVaults.userId, userId));
    return row !== undefined;
  }

  /** Whether the wallet is unlocked for this session (`sessionId`: see wallet-access). */
  isUnlocked(userId: string, sessionId: string): boolean {
    return this.unlocked.isUnlockedFor(userId, sessionId);
  }

  unlockedUntil(userId: string, sessionId: string): Date | undefined {
    return this.unlocked.unlockedUntil(userId, sessionId);
  }

  /**
   * First wallet password: creates the vault and unlocks for the session. A second call changes
   * nothing.
   */
  async setPassword(userId: string, sessionId: string, password: string): Promise<Date> {
    if (await this.hasPassword(userId)) throw new ConflictError(walletMessages.passwordAlreadySet);
    const kdf = newKdf(this.kdfSettings);
    const key = await deriveWalletKey(password, kdf);
    const check = seal(key, Buffer.from(CHECK_TEXT), checkAssociatedData(userId));
    const inserted = await this.db.transaction(async (tx) => {
      const rows = await tx
        .insert(walletVaults)
        .values({ userId, kdf, check })
        .onConflictDoNothing()
        .returning({ userId: walletVaults.userId });
      if (rows.length > 0)
        await tx
          .update(users)
          .set({ walletStatus: true, updatedAt: this.clock.now() })
          .where(eq(users.id, userId));
      return rows.length > 0;
    });
    if (!inserted) {
      key.fill(0);
      throw new ConflictError(walletMessages.passwordAlreadySet);
    }
    return this.unlocked.unlock(userId, sessionId, key);
  }

  /**
   * Checks the wallet password and unlocks for the session for a while. Every attempt takes a
   * throttle slot (per user and address pair, and per user: see WALLET_THROTTLE_RULES) before the KDF
   * runs, so parallel guesses count too; a right password gives its slots back.
   */
  async unlock(userId: string, sessionId: string, password: string, ip: string): Promise<Date> {
    const [vault] = await this.db
      .select()
      .from(walletVaults)
      .where(eq(walletVaults.userId, userId));
    if (!vault) throw new BadRequestError(walletMessages.passwordNotSet);
    const pairKey = walletThrottleKeys.walletPasswordPair(userId, ip);
    const userKey = walletThrottleKeys.walletPasswordUser(userId);
    await this.throttle.consume([pairKey, userKey]);
    const key = await deriveWalletKey(password, vault.kdf);
    try {
      open(key, vault.check, checkAssociatedData(userId));
    } catch {
      key.fill(0);
      throw new BadRequestError(walletMessages.loginFailed);
    }
    // The pair's typos are forgiven; the user ceiling keeps counting others' guesses.
    await this.throttle.reset([pairKey]);
    await this.throttle.refund([userKey]);
    return this.unlocked.unlock(userId, sessionId, key);
  }

  /**
   * `/wallet/lock` and logout: the wallet locks for this session only; the account's other
   * sessions keep their own unlock (each gave the password itself).
   */
  lockSession(userId: string, sessionId: string): void {
    this.unlocked.lockSession(userId, sessionId);
  }

  /** The family's key of the user, created on the first call only (never replaced). */
  async generate(
    userId: string,
    family: KeyFamily,
  ): Promise<{ address: string; created: boolean }> {
    const walletKey = this.requireKey(userId);
    let address: string;
    let sealedKey: string;
    try {
      const existing = await this.address(userId, family);
      if (existing) return { address: existing, created: false };
      const key = await newKey(family);
      address = key.address;
      sealedKey = seal(walletKey, key.secret, keyAssociatedData(userId, family));
      key.secret.fill(0);
    } finally {
      walletKey.fill(0);
    }
    const inserted = await this.db
      .insert(walletKeys)
      .values({ userId, family, address, sealedKey })
      .onConflictDoNothing()
      .returning({ address: walletKeys.address });
    if (inserted.length > 0) return { address, created: true };
    // Another request created it first: that key stands.
    const winner = await this.address(userId, family);
    if (!winner) throw new Error('wallet key vanished after a conflicting insert');
    return { address: winner, created: false };
  }

  async address(userId: string, family: KeyFamily): Promise<string | undefined> {
    const [row] = await this.db
      .select({ address: walletKeys.address })
      .from(walletKeys)
      .where(and(eq(walletKeys.userId, userId), eq(walletKeys.family, family)));
    return row?.address;
  }

  async requireAddress(userId: string, family: KeyFamily): Promise<string> {
    const address = await this.address(userId, family);
    if (!address) throw new BadRequestError(walletMessages.noWallet);
    return address;
  }

  /**
   * Runs `use` with the family's private key bytes, then overwrites them. The only way to a
   * private key; `use` must not keep or log it.
   */
  async withSecret<T>(
    userId: string,
    family: KeyFamily,
    use: (secret: Uint8Array, address: string) => Promise<T>,
  ): Promise<T> {
    const [row] = await this.db
      .select()
      .from(walletKeys)
      .where(and(eq(walletKeys.userId, userId), eq(walletKeys.family, family)));
    if (!row) throw new BadRequestError(walletMessages.noWallet);
    const walletKey = this.requireKey(userId);
    let secret: Buffer;
    try {
      secret = open(walletKey, row.sealedKey, keyAssociatedData(userId, family));
    } finally {
      walletKey.fill(0);
    }
    try {
      return await use(secret, row.address);
    } finally {
      secret.fill(0);
    }
  }

  async networkMode(userId: string): Promise<NetworkMode> {
    const [row] = await this.db
      .select({ showMainnet: walletVaults.showMainnet, showTestnet: walletVaults.showTestnet })
      .from(walletVaults)
      .where(eq(walletVaults.userId, userId));
    return row ?? { showMainnet: true, showTestnet: true };
  }

  async setNetworkMode(userId: string, mode: NetworkMode): Promise<NetworkMode> {
    const [row] = await this.db
      .update(walletVaults)
      .set({ ...mode, updatedAt: this.clock.now() })
      .where(eq(walletVaults.userId, userId))
      .returning({ showMainnet: walletVaults.showMainnet, showTestnet: walletVaults.showTestnet });
    if (!row) throw new BadRequestError(walletMessages.passwordNotSet);
    return row;
  }

  /** A copy of the unlocked wallet key, which the caller overwrites when done. */
  private requireKey(userId: string): Buffer {
    const key = this.unlocked.keyCopy(userId);
    if (!key) throw new ForbiddenError(walletMessages.notConnected);
    return key;
  }
}
