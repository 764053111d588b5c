import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getTransactionDecoder,
  isAddress,
  type EncodedAccount,
} from '@solana/kit';
import { parseJsonWithBigInts, stringifyJsonWithBigInts } from '@solana/rpc-spec-types';
import { DEVNET_HOST } from '../chains';
import {
  RENT_EPOCH_EXEMPT,
  SolanaRpcError,
  type DecodedMessage,
  type SolanaCluster,
  type SolanaTransactionRecord,
} from './cluster';
import {
  decodeMint,
  decodeTokenAccount,
  parsedMint,
  parsedTokenAccount,
  TOKEN_PROGRAMS,
  uiTokenAmount,
} from './spl';

/** The version this endpoint reports; the suffix says what it really is. */
const RPC_VERSION = { 'solana-core': '2.2.0-vaultscope-litesvm', 'feature-set': 0 };
const SLOTS_PER_EPOCH = 432_000n;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

const base58Decoder = getBase58Decoder();
const base58Encoder = getBase58Encoder();
const base64Encoder = getBase64Encoder();
const transactionDecoder = getTransactionDecoder();

type Params = unknown[];
type Method = (cluster: SolanaCluster, params: Params) => unknown;

/**
 * The Solana JSON-RPC methods a wallet needs, answered from a LiteSVM cluster with the shapes
 * (and large integers as bare JSON numbers) of a real validator, so `createSolanaRpc(url)` from
 * @solana/kit, or any HTTP client, talks to it as to a real cluster. Everything is final at once:
 * every commitment level sees the same state, and statuses say `finalized`.
 */
const METHODS: Record<string, Method> = {
  getHealth: () => 'ok',
  getVersion: () => RPC_VERSION,
  getGenesisHash: (cluster) => cluster.blockhashAt(0n),
  getSlot: (cluster) => cluster.slot(),
  getBlockHeight: (cluster) => cluster.slot(),
  getEpochInfo: (cluster) => {
    const slot = cluster.slot();
    return {
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: slot / SLOTS_PER_EPOCH,
      slotIndex: slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: null,
    };
  },
  getLatestBlockhash: (cluster) => {
    const { blockhash, lastValidBlockHeight, slot } = cluster.latestBlockhash();
    return withContext(slot, { blockhash, lastValidBlockHeight });
  },
  isBlockhashValid: (cluster, params) =>
    withContext(cluster.slot(), cluster.isBlockhashValid(stringParam(params, 0, 'blockhash'))),
  getBalance: (cluster, params) =>
    withContext(cluster.slot(), cluster.getBalance(addressParam(params, 0))),
  getAccountInfo: (cluster, params) => {
    const config = configParam(params, 1);
    const account = cluster.getAccount(addressParam(params, 0));
    return withContext(cluster.slot(), account ? encodeAccount(cluster, account, config) : null);
  },
  getMultipleAccounts: (cluster, params) => {
    const addresses = params[0];
    if (!Array.isArray(addresses) || !addresses.every((value) => typeof value === 'string')) {
      throw invalidParams('expected an array of addresses');
    }
    const config = configParam(params, 1);
    return withContext(
      cluster.slot(),
      addresses.map((value: string) => {
        const account = cluster.getAccount(validAddress(value));
        return account ? encodeAccount(cluster, account, config) : null;
      }),
    );
  },
  getMinimumBalanceForRentExemption: (cluster, params) =>
    cluster.minimumBalanceForRentExemption(bigintParam(params, 0, 'data length')),
  getFeeForMessage: (cluster, params) => {
    const bytes = base64Encoder.encode(stringParam(params, 0, 'message'));
    const message = cluster.decodeMessage(bytes);
    const valid = cluster.isBlockhashValid(message.lifetimeToken);
    return withContext(cluster.slot(), valid ? cluster.feeForMessage(message) : null);
  },
  getRecentPrioritizationFees: (cluster) => [{ slot: cluster.slot(), prioritizationFee: 0 }],
  getTokenAccountsByOwner: (cluster, params) => {
    const owner = addressParam(params, 0);
    const filter = configParam(params, 1);
    const config = configParam(params, 2);
    const mint = typeof filter['mint'] === 'string' ? validAddress(filter['mint']) : undefined;
    const programId =
      typeof filter['programId'] === 'string' ? validAddress(filter['programId']) : undefined;
    if (!mint && !programId) throw invalidParams('expected a mint or programId filter');
    if (programId && !TOKEN_PROGRAMS.includes(programId)) {
      throw invalidParams('unrecognized Token program id');
    }
    const programs = programId ? [programId] : TOKEN_PROGRAMS;
    const value = programs.flatMap((program) =>
      cluster
        .programAccounts(program)
        .filter((account) => {
          const token = decodeTokenAccount(account.programAddress, account.data as Uint8Array);
          return token !== undefined && token.owner === owner && (!mint || token.mint === mint);
        })
        .map((account) => ({
          pubkey: account.address,
          account: encodeAccount(cluster, account, config),
        })),
    );
    return withContext(cluster.slot(), value);
  },
  getTokenAccountBalance: (cluster, params) => {
    const account = cluster.getAccount(addressParam(params, 0));
    const token = account
      ? decodeTokenAccount(account.programAddress, account.data as Uint8Array)
      : undefined;
    if (!token) throw invalidParams('Invalid param: not a Token account');
    return withContext(
      cluster.slot(),
      uiTokenAmount(token.amount, mintDecimals(cluster, token.mint)),
    );
  },
  getTokenSupply: (cluster, params) => {
    const account = cluster.getAccount(addressParam(params, 0));
    const mint = account
      ? decodeMint(account.programAddress, account.data as Uint8Array)
      : undefined;
    if (!mint) throw invalidParams('Invalid param: not a Token mint');
    return withContext(cluster.slot(), uiTokenAmount(mint.supply, mint.decimals));
  },
  /**
   * The 20 largest token accounts of a mint, largest first, as the validator answers it (it
   * scans the Token program's accounts the same way). Zero balances are included, as there.
   */
  getTokenLargestAccounts: (cluster, params) => {
    const mintAddress = addressParam(params, 0);
    const account = cluster.getAccount(mintAddress);
    const mint = account
      ? decodeMint(account.programAddress, account.data as Uint8Array)
      : undefined;
    if (!account || !mint) throw invalidParams('Invalid param: not a Token mint');
    const largest = cluster
      .programAccounts(account.programAddress)
      .flatMap((candidate) => {
        const token = decodeTokenAccount(candidate.programAddress, candidate.data as Uint8Array);
        return token?.mint === mintAddress
          ? [{ address: candidate.address, amount: token.amount }]
          : [];
      })
      .sort((a, b) => (a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1))
      .slice(0, 20);
    return withContext(
      cluster.slot(),
      largest.map((entry) => ({
        address: entry.address,
        ...uiTokenAmount(entry.amount, mint.decimals),
      })),
    );
  },
  sendTransaction: (cluster, params) => {
    const config = configParam(params, 1);
    const wire = decodeEncoded(stringParam(params, 0, 'transaction'), config['encoding']);
    return cluster.sendWireTransaction(wire, { skipPreflight: config['skipPreflight'] === true });
  },
  simulateTransaction: (cluster, params) => {
    const config = configParam(params, 1);
    const wire = decodeEncoded(stringParam(params, 0, 'transaction'), config['encoding']);
    const replace = config['replaceRecentBlockhash'] === true;
    const result = cluster.simulate(wire, {
      sigVerify: config['sigVerify'] === true,
      replaceRecentBlockhash: replace,
    });
    const { blockhash, lastValidBlockHeight, slot } = cluster.latestBlockhash();
    return withContext(slot, {
      err: result.err,
      logs: result.logs,
      accounts: null,
      unitsConsumed: result.unitsConsumed,
      returnData: null,
      ...(replace ? { replacementBlockhash: { blockhash, lastValidBlockHeight } } : {}),
    });
  },
  requestAirdrop: async (cluster, params) =>
    cluster.airdrop(addressParam(params, 0), bigintParam(params, 1, 'lamports')),
  getSignatureStatuses: (cluster, params) => {
    const signatures = params[0];
    if (!Array.isArray(signatures) || signatures.length > 256) {
      throw invalidParams('expected an array of at most 256 signatures');
    }
    return withContext(
      cluster.slot(),
      signatures.map((signature: unknown) => {
        const record = typeof signature === 'string' ? cluster.transaction(signature) : undefined;
        if (!record) return null;
        return {
          slot: record.slot,
          confirmations: null,
          err: record.err,
          status: record.err === null ? { Ok: null } : { Err: record.err },
          confirmationStatus: 'finalized',
        };
      }),
    );
  },
  getSignaturesForAddress: (cluster, params) => {
    const config = configParam(params, 1);
    const records = cluster.signaturesForAddress(addressParam(params, 0), {
      ...(config['limit'] === undefined ? {} : { limit: Number(config['limit']) }),
      ...(typeof config['before'] === 'string' ? { before: config['before'] } : {}),
      ...(typeof config['until'] === 'string' ? { until: config['until'] } : {}),
    });
    return records.map((record) => ({
      signature: record.signature,
      slot: record.slot,
      err: record.err,
      memo: null,
      blockTime: record.blockTime,
      confirmationStatus: 'finalized',
    }));
  },
  getTransaction: (cluster, params) => {
    const record = cluster.transaction(stringParam(params, 0, 'signature'));
    if (!record) return null;
    const config = configParam(params, 1);
    const maxVersion = config['maxSupportedTransactionVersion'];
    if (record.version === 0 && maxVersion === undefined) {
      throw new SolanaRpcError(
        -32015,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      );
    }
    return encodeTransaction(cluster, record, config['encoding']);
  },
};

export const SUPPORTED_METHODS = Object.keys(METHODS);

export interface SolanaRpcServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves `cluster` over JSON-RPC 2.0 (single and batch requests) on loopback at `port`. */
export async function startSolanaRpcServer(
  cluster: SolanaCluster,
  port: number,
): Promise<SolanaRpcServer> {
  const server = createServer((request, response) => {
    void handle(cluster, request, response);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: DEVNET_HOST, port, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${DEVNET_HOST}:${actualPort}`,
    port: actualPort,
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

async function handle(
  cluster: SolanaCluster,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (request.method === 'GET' && request.url === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { allow: 'POST' }).end();
    return;
  }
  let body: unknown;
  try {
    body = parseJsonWithBigInts(await readBody(request));
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      response.writeHead(413).end();
      return;
    }
    send(response, rpcError(null, -32700, 'Parse error'));
    return;
  }
  if (Array.isArray(body)) {
    if (body.length === 0) {
      send(response, rpcError(null, -32600, 'Invalid request'));
      return;
    }
    const results = [];
    for (const item of body) results.push(await dispatch(cluster, item));
    send(response, results);
    return;
  }
  send(response, await dispatch(cluster, body));
}

async function dispatch(cluster: SolanaCluster, request: unknown): Promise<unknown> {
  if (!request || typeof request !== 'object') return rpcError(null, -32600, 'Invalid request');
  const { id = null, method, params = [] } = request as Record<string, unknown>;
  if (typeof method !== 'string' || !Array.isArray(params)) {
    return rpcError(id, -32600, 'Invalid request');
  }
  const handler = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
  if (!handler) return rpcError(id, -32601, 'Method not found');
  try {
    const result = await handler(cluster, params);
    return { jsonrpc: '2.0', result, id };
  } catch (error) {
    if (error instanceof SolanaRpcError) return rpcError(id, error.code, error.message, error.data);
    return rpcError(id, -32603, `Internal error: ${String(error)}`);
  }
}

function send(response: ServerResponse, payload: unknown): void {
  response
    .writeHead(200, { 'content-type': 'application/json' })
    .end(stringifyJsonWithBigInts(payload));
}

function rpcError(id: unknown, code: number, message: string, data?: unknown) {
  return { jsonrpc: '2.0', error: { code, message, ...(data === undefined ? {} : { data }) }, id };
}

class BodyTooLargeError extends Error {}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function withContext(slot: bigint, value: unknown) {
  return { context: { apiVersion: '2.2.0', slot }, value };
}

function invalidParams(message: string): SolanaRpcError {
  return new SolanaRpcError(-32602, message);
}

function stringParam(params: Params, index: number, what: string): string {
  const value = params[index];
  if (typeof value !== 'string') throw invalidParams(`Invalid params: expected ${what}`);
  return value;
}

function validAddress(value: string): string {
  if (!isAddress(value)) throw invalidParams('Invalid param: Invalid');
  return value;
}

function addressParam(params: Params, index: number): string {
  return validAddress(stringParam(params, index, 'an address'));
}

function bigintParam(params: Params, index: number, what: string): bigint {
  const value = params[index];
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  throw invalidParams(`Invalid params: expected ${what} (u64)`);
}

function configParam(params: Params, index: number): Record<string, unknown> {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('Invalid config');
  return value as Record<string, unknown>;
}

function decodeEncoded(text: string, encoding: unknown): Uint8Array {
  if (encoding === undefined || encoding === 'base58')
    return new Uint8Array(base58Encoder.encode(text));
  if (encoding === 'base64') return new Uint8Array(base64Encoder.encode(text));
  throw invalidParams(`Invalid params: unsupported encoding ${String(encoding)}`);
}

function mintDecimals(cluster: SolanaCluster, mintAddress: string): number {
  const account = cluster.getAccount(mintAddress);
  const mint = account ? decodeMint(account.programAddress, account.data as Uint8Array) : undefined;
  return mint?.decimals ?? 0;
}

/** An account in the requested encoding (base58, base64, or jsonParsed for Token accounts). */
function encodeAccount(
  cluster: SolanaCluster,
  account: EncodedAccount,
  config: Record<string, unknown>,
) {
  const encoding = config['encoding'] ?? 'base58';
  let data = account.data as Uint8Array;
  const slice = config['dataSlice'];
  if (slice && typeof slice === 'object') {
    const { offset = 0n, length = 0n } = slice as { offset?: bigint; length?: bigint };
    data = data.subarray(Number(offset), Number(offset) + Number(length));
  }
  let encoded: unknown;
  if (encoding === 'jsonParsed') {
    const size = Number(account.space);
    const token = decodeTokenAccount(account.programAddress, account.data as Uint8Array);
    const mint = token ? undefined : decodeMint(account.programAddress, account.data as Uint8Array);
    if (token) {
      encoded = parsedTokenAccount(
        token,
        mintDecimals(cluster, token.mint),
        account.programAddress,
        size,
      );
    } else if (mint) {
      encoded = parsedMint(mint, account.programAddress, size);
    } else {
      // The validator falls back to base64 for data it cannot parse.
      encoded = [Buffer.from(data).toString('base64'), 'base64'];
    }
  } else if (encoding === 'base64') {
    encoded = [Buffer.from(data).toString('base64'), 'base64'];
  } else if (encoding === 'base58') {
    encoded = [base58Decoder.decode(data), 'base58'];
  } else {
    throw invalidParams(`Invalid params: unsupported encoding ${String(encoding)}`);
  }
  return {
    data: encoded,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EPOCH_EXEMPT,
    space: account.space,
  };
}

/** getTransaction's result in `json` (default), `jsonParsed` (instructions left raw), base58 or base64. */
function encodeTransaction(
  cluster: SolanaCluster,
  record: SolanaTransactionRecord,
  encoding: unknown,
) {
  const wire = new Uint8Array(base64Encoder.encode(record.wire));
  const transaction = transactionDecoder.decode(wire);
  const message: DecodedMessage = cluster.decodeMessage(transaction.messageBytes);
  const meta = {
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    preTokenBalances: record.preTokenBalances,
    postTokenBalances: record.postTokenBalances,
    innerInstructions: [],
    logMessages: record.logMessages,
    rewards: [],
    computeUnitsConsumed: record.computeUnitsConsumed,
    ...(record.version === 0 ? { loadedAddresses: { writable: [], readonly: [] } } : {}),
  };
  let encoded: unknown;
  if (encoding === 'base64') {
    encoded = [record.wire, 'base64'];
  } else if (encoding === 'base58') {
    encoded = [base58Decoder.decode(wire), 'base58'];
  } else if (encoding === undefined || encoding === 'json' || encoding === 'jsonParsed') {
    const signatures = Object.values(transaction.signatures).map((signature) =>
      signature ? base58Decoder.decode(signature) : '1'.repeat(64),
    );
    const { header } = message;
    const keys = message.staticAccounts as string[];
    const writable = (index: number) =>
      index < header.numSignerAccounts
        ? index < header.numSignerAccounts - header.numReadonlySignerAccounts
        : index < keys.length - header.numReadonlyNonSignerAccounts;
    const parsed = encoding === 'jsonParsed';
    encoded = {
      signatures,
      message: {
        accountKeys: parsed
          ? keys.map((pubkey, index) => ({
              pubkey,
              signer: index < header.numSignerAccounts,
              writable: writable(index),
              source: 'transaction',
            }))
          : keys,
        header: {
          numRequiredSignatures: header.numSignerAccounts,
          numReadonlySignedAccounts: header.numReadonlySignerAccounts,
          numReadonlyUnsignedAccounts: header.numReadonlyNonSignerAccounts,
        },
        recentBlockhash: message.lifetimeToken,
        instructions: message.instructions.map((instruction) => {
          const data = base58Decoder.decode(instruction.data ?? new Uint8Array());
          const accounts = instruction.accountIndices ?? [];
          return parsed
            ? {
                programId: keys[instruction.programAddressIndex],
                accounts: accounts.map((index) => keys[index]),
                data,
                stackHeight: null,
              }
            : {
                programIdIndex: instruction.programAddressIndex,
                accounts,
                data,
                stackHeight: null,
              };
        }),
        ...(message.version === 0
          ? {
              addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
                accountKey: lookup.lookupTableAddress,
                writableIndexes: lookup.writableIndexes,
                readonlyIndexes: lookup.readonlyIndexes,
              })),
            }
          : {}),
      },
    };
  } else {
    throw invalidParams(`Invalid params: unsupported encoding ${String(encoding)}`);
  }
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    version: record.version,
    meta,
    transaction: encoded,
  };
}
