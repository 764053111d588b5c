import { z } from 'zod';
import { loginRequestSchema } from '../auth/schemas';
import { deviceTokenSchema } from '../auth/session-schemas';
import { plainText } from '../text';
import { walletMessages } from './messages';

/**
 * Shapes of the wallet service (spec section 7). Amounts travel as decimal text; the server turns
 * them into base units with the asset's decimals read from the chain.
 */

/** Wallet login takes the account's email and password and answers a wallet token. */
export const walletLoginRequestSchema = loginRequestSchema;

export const walletUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  /** Whether a wallet password is set (spec: WalletStatus). */
  WalletStatus: z.boolean(),
});
export type WalletUser = z.infer<typeof walletUserSchema>;

export const walletLoginResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  /** As at the product login: the device token to send at the next login. */
  deviceToken: deviceTokenSchema.optional(),
  data: z.object({ user: walletUserSchema }),
});

const walletPassword = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(256, 'Password must be at most 256 characters.');

/** The unlock password is only ever put through the KDF; a new one is plain text too. */
export const setWalletPasswordRequestSchema = z.object({
  email: z.string().trim().check(plainText('Email')).max(254).optional(),
  password: walletPassword.check(plainText('Password')).min(8, walletMessages.passwordTooShort),
});
export const unlockWalletRequestSchema = z.object({ password: walletPassword });

export const walletStatusResponseSchema = z.object({
  message: z.string(),
  data: z.object({ WalletStatus: z.boolean(), unlockedUntil: z.string().nullable() }),
});

export const updateWalletStatusRequestSchema = z.object({
  userId: z.string().check(plainText('userId')).min(1).max(100),
});

export const generatedWalletResponseSchema = z.object({
  message: z.string(),
  data: z.object({ address: z.string(), created: z.boolean() }),
});

export const publicKeyResponseSchema = z.object({ key: z.string() });

/** A chain id in a query string: digits only (`0x1`, `1e2` and an empty value are refused). */
export const chainIdText = z
  .string({ error: 'chainId is required.' })
  .regex(/^\d{1,12}$/, 'chainId must be a chain id number.')
  .transform(Number);

export const chainIdQuerySchema = z.object({ chainId: chainIdText });

/** One asset of a chain; `address` is `Native` for the chain's own coin. */
export const walletAssetSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  /** Decimal text in whole units. */
  balance: z.string(),
  logo: z.string(),
});
export type WalletAssetItem = z.infer<typeof walletAssetSchema>;
export const NATIVE_ASSET_ADDRESS = 'Native';

export const assetsByChainResponseSchema = z.object({
  chainId: z.number(),
  address: z.string(),
  Assets: z.array(walletAssetSchema),
});

export const TRANSACTION_TYPES = ['send', 'receive'] as const;
export const TRANSACTION_STATUSES = ['pending', 'confirmed', 'failed'] as const;

export const walletTransactionSchema = z.object({
  _id: z.string(),
  hash: z.string(),
  chainId: z.number(),
  chainName: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  from: z.string(),
  to: z.string(),
  value: z.string(),
  symbol: z.string(),
  tokenAddress: z.string().nullable(),
  transactionUrl: z.string(),
  /** In the chain's native coin, decimal text; null for receives, whose fee the sender paid. */
  transactionFee: z.string().nullable(),
  valueUSD: z.string().nullable(),
  timestamp: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const HISTORY_PAGE_SIZE = 50;

export const transactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more.').default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(100, 'page_size must be at most 100.')
    .default(HISTORY_PAGE_SIZE),
});
export const transactionsResponseSchema = z.object({
  transactions: z.array(walletTransactionSchema),
  count: z.number().int(),
});

const amount = z
  .union([z.string(), z.number()], { error: walletMessages.amountRequired })
  .transform((value) => (typeof value === 'number' ? String(value) : value))
  .pipe(z.string().trim().check(plainText('Amount')).min(1, walletMessages.amountRequired).max(80));
const address = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .check(plainText(label))
    .min(1, `${label} is required.`)
    .max(100, `${label} is too long.`);
/** A chain id in a JSON body: a number, or digits as text; never `true`, `null` or `""`. */
const chainId = z.union(
  [
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number),
  ],
  { error: 'chainId must be a chain id number.' },
);

export const sendEthRequestSchema = z.object({
  chainId,
  address: address('Recipient address'),
  amount,
  importedKey: z.boolean().optional(),
});
export const sendErc20RequestSchema = z.object({
  chainId,
  to: address('Recipient address'),
  amount,
  tokenAddress: address('Token address'),
  importedKey: z.boolean().optional(),
});
const solanaNetwork = z.enum(['devnet', 'mainnet']).optional();
export const sendSolRequestSchema = z.object({
  to: address('Recipient address'),
  amount,
  generatedKey: z.boolean().optional(),
  network: solanaNetwork,
});
export const sendSplTokenRequestSchema = z.object({
  tokenMintAddress: address('Token mint address'),
  /** The spec's spelling is the public contract. */
  recieverAddress: address('Recipient address'),
  amount,
  generatedKey: z.boolean().optional(),
  network: solanaNetwork,
});

/** Header a client sets so that a repeated send request sends once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const sendResultSchema = z.object({
  _id: z.string(),
  chainId: z.number(),
  to: z.string(),
  from: z.string(),
  type: z.enum(['native', 'token']),
  symbol: z.string(),
  amount: z.string(),
  value: z.string(),
  hash: z.string(),
  link: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  fee: z.string().nullable(),
});
export type SendResult = z.infer<typeof sendResultSchema>;
export const sendResponseSchema = z.object({ message: z.string(), data: sendResultSchema });

export const feeEstimateQuerySchema = z.object({
  chainId: chainIdText,
  tokenAddress: z.string().trim().check(plainText('Token address')).max(100).optional(),
});
export const feeEstimateResponseSchema = z.object({
  chainId: z.number(),
  symbol: z.string(),
  /** Decimal text in the native coin. */
  fee: z.string(),
});

export const faucetRequestSchema = z.object({ chainId });

/** A transaction as the chain reports it, for the app's own page of a local transaction. */
export const chainTransactionResponseSchema = z.object({
  chainId: z.number(),
  chainName: z.string(),
  hash: z.string(),
  status: z.enum(['success', 'failed', 'pending']),
  from: z.string(),
  to: z.string().nullable(),
  value: z.string(),
  symbol: z.string(),
  fee: z.string().nullable(),
  block: z.string().nullable(),
  nonce: z.number().nullable(),
  timestamp: z.string().nullable(),
  /** Token transfers the transaction made (ERC-20 logs or SPL balance changes). */
  tokenTransfers: z.array(
    z.object({ token: z.string(), from: z.string(), to: z.string(), amount: z.string() }),
  ),
});
export type ChainTransaction = z.infer<typeof chainTransactionResponseSchema>;
