/**
 * Query keys of the wallet. Every key starts with `wallet` and the account, so that one account's
 * balances never show for another, and a 403 can drop them all at once.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  of: (userId: string | undefined) => [...walletKeys.all, userId ?? 'anonymous'] as const,
  networkMode: (userId: string | undefined) => [...walletKeys.of(userId), 'network-mode'] as const,
  portfolio: (userId: string | undefined) => [...walletKeys.of(userId), 'portfolio'] as const,
  assets: (userId: string | undefined, chainId: number) =>
    [...walletKeys.of(userId), 'assets', chainId] as const,
  publicKey: (userId: string | undefined, chainId: number) =>
    [...walletKeys.of(userId), 'public-key', chainId] as const,
  fee: (userId: string | undefined, chainId: number, tokenAddress: string | undefined) =>
    [...walletKeys.of(userId), 'fee', chainId, tokenAddress ?? 'native'] as const,
  history: (userId: string | undefined) => [...walletKeys.of(userId), 'history'] as const,
  /** A transaction as the chain reports it: public, the same for every viewer. */
  chainTransaction: (chainId: number, hash: string) =>
    ['chain-transaction', chainId, hash] as const,
};
