import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AccountRole,
  address,
  generateKeyPairSigner,
  getAddressEncoder,
  getProgramDerivedAddress,
  getU16Encoder,
  getU32Encoder,
  getU64Encoder,
  lamports,
  type Address,
  type Instruction,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  AuthorityType,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  getSetAuthorityInstruction,
  getThawAccountInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import type { DevnetSolanaClusterId } from '../chains';
import { METAPLEX_TOKEN_METADATA_PROGRAM, SolanaCluster } from '../solana/cluster';
import { startSolanaRpcServer } from '../solana/rpc-server';
import { TOKEN_2022_PROGRAM_ADDRESS } from '../solana/spl';
import {
  SOLANA_SCENARIO_DECIMALS,
  SOLANA_SCENARIO_SUPPLY,
  SOLANA_SCENARIOS,
  solanaScenarioByName,
  solanaScenarioHolderShares,
  type SolanaScenarioName,
  type SolanaScenarioSpec,
} from './solana-scenarios';

/**
 * Makes the Solana scenario mints on a local cluster with real transactions on the Token and
 * Token-2022 programs that LiteSVM ships, so the analyzer reads what the real programs wrote.
 * Only the Metaplex metadata account is written directly (`SolanaCluster.setAccount`): LiteSVM
 * does not ship Metaplex's program, and the analyzer only reads that account.
 *
 * The Token-2022 extension instructions are encoded here by hand, as the program documents them:
 * `@solana-program/token-2022` would do it, but its releases require `@solana/kit` 7 (we run 8)
 * and pull the confidential-transfer proof libraries; six fixed layouts are a few lines each,
 * and the program itself refuses any we get wrong.
 */

/** One scenario mint as made: its addresses, and the holders' accounts. */
export interface SolanaScenarioMint {
  name: SolanaScenarioName;
  mint: Address;
  tokenProgram: Address;
  /** The devnet authority: mint, freeze, fee, hook and metadata update authority as the spec keeps them. */
  authority: Address;
  /** The Metaplex metadata account (PDA of the mint). */
  metadata: Address;
  /** The transfer-hook program named in the mint (no code behind it: transfers are not tried). */
  transferHookProgram?: Address;
  holders: { owner: Address; tokenAccount: Address; amount: bigint }[];
}

const addressEncoder = getAddressEncoder();
const u16 = getU16Encoder();
const u32 = getU32Encoder();
const u64 = getU64Encoder();

/** Token-2022 instruction numbers (spl-token-2022 `TokenInstruction`). */
const TOKEN_2022 = {
  transferFeeExtension: 26,
  defaultAccountStateExtension: 28,
  initializeNonTransferableMint: 32,
  initializePermanentDelegate: 35,
  transferHookExtension: 36,
} as const;

/** Sizes of the mint extensions' values; each sits in a TLV entry with a 4-byte header. */
const EXTENSION_SIZE = {
  transferFeeConfig: 108,
  defaultAccountState: 1,
  nonTransferable: 0,
  permanentDelegate: 32,
  transferHook: 64,
} as const;
/** A Token-2022 mint with extensions: the base mint padded to the token-account size, then the account-type byte. */
const EXTENDED_MINT_HEADER = 166;

function mintInstruction(mint: Address, data: number[] | Uint8Array): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [{ address: mint, role: AccountRole.WRITABLE }],
    data: Uint8Array.from(data),
  };
}

const optionalPubkey = (value: Address | null) =>
  value ? [1, ...addressEncoder.encode(value)] : [0];

/** The extension instructions of a spec (run after the account exists, before InitializeMint2), and the mint's size. */
function extensionsOf(
  spec: SolanaScenarioSpec,
  mint: Address,
  authority: Address,
  hookProgram: Address | undefined,
): { instructions: Instruction[]; space: number } {
  const instructions: Instruction[] = [];
  const sizes: number[] = [];
  if (spec.transferFeeBasisPoints !== undefined) {
    instructions.push(
      mintInstruction(mint, [
        TOKEN_2022.transferFeeExtension,
        0, // InitializeTransferFeeConfig
        ...optionalPubkey(authority), // transfer fee config authority
        ...optionalPubkey(authority), // withdraw withheld authority
        ...u16.encode(spec.transferFeeBasisPoints),
        ...u64.encode(SOLANA_SCENARIO_SUPPLY), // maximum fee: no cap within the supply
      ]),
    );
    sizes.push(EXTENSION_SIZE.transferFeeConfig);
  }
  if (spec.defaultFrozen) {
    // DefaultAccountState Initialize, state 2 = frozen.
    instructions.push(mintInstruction(mint, [TOKEN_2022.defaultAccountStateExtension, 0, 2]));
    sizes.push(EXTENSION_SIZE.defaultAccountState);
  }
  if (spec.nonTransferable) {
    instructions.push(mintInstruction(mint, [TOKEN_2022.initializeNonTransferableMint]));
    sizes.push(EXTENSION_SIZE.nonTransferable);
  }
  if (spec.permanentDelegate) {
    instructions.push(
      mintInstruction(mint, [
        TOKEN_2022.initializePermanentDelegate,
        ...addressEncoder.encode(authority),
      ]),
    );
    sizes.push(EXTENSION_SIZE.permanentDelegate);
  }
  if (hookProgram) {
    // TransferHook Initialize: authority and program id, 32 bytes each (zero = none).
    instructions.push(
      mintInstruction(mint, [
        TOKEN_2022.transferHookExtension,
        0,
        ...addressEncoder.encode(authority),
        ...addressEncoder.encode(hookProgram),
      ]),
    );
    sizes.push(EXTENSION_SIZE.transferHook);
  }
  const space =
    sizes.length === 0
      ? getMintSize()
      : EXTENDED_MINT_HEADER + sizes.reduce((sum, size) => sum + 4 + size, 0);
  return { instructions, space };
}

/** The Metaplex metadata account of a mint: PDA of `["metadata", program, mint]`. */
export async function findMetaplexMetadataPda(mint: Address): Promise<Address> {
  const program = address(METAPLEX_TOKEN_METADATA_PROGRAM);
  const [pda] = await getProgramDerivedAddress({
    programAddress: program,
    seeds: ['metadata', addressEncoder.encode(program), addressEncoder.encode(mint)],
  });
  return pda;
}

/** Metaplex's fixed account size for `Metadata` (`MAX_METADATA_LEN`). */
const METAPLEX_METADATA_SIZE = 679;

/**
 * A Metaplex `Metadata` account (Borsh, key `MetadataV1` = 4) as the program writes it: name,
 * symbol and URI padded with NUL to 32, 10 and 200 bytes, fungible token standard, in an account
 * of the program's fixed size.
 */
export function encodeMetaplexMetadata(input: {
  updateAuthority: Address;
  mint: Address;
  name: string;
  symbol: string;
  uri: string;
  creators: { address: Address; verified: boolean; share: number }[] | null;
  isMutable: boolean;
}): Uint8Array {
  const bytes: number[] = [4];
  const padded = (text: string, size: number) => {
    const encoded = Buffer.from(text, 'utf8');
    if (encoded.length > size) throw new Error(`Metadata text longer than ${size} bytes`);
    const out = Buffer.alloc(size);
    encoded.copy(out);
    return [...u32.encode(size), ...out];
  };
  bytes.push(...addressEncoder.encode(input.updateAuthority), ...addressEncoder.encode(input.mint));
  bytes.push(...padded(input.name, 32), ...padded(input.symbol, 10), ...padded(input.uri, 200));
  bytes.push(...u16.encode(0)); // seller fee basis points
  if (input.creators) {
    bytes.push(1, ...u32.encode(input.creators.length));
    for (const creator of input.creators) {
      bytes.push(
        ...addressEncoder.encode(creator.address),
        creator.verified ? 1 : 0,
        creator.share,
      );
    }
  } else {
    bytes.push(0);
  }
  bytes.push(1); // primary sale happened
  bytes.push(input.isMutable ? 1 : 0);
  bytes.push(1, 255); // edition nonce
  bytes.push(1, 2); // token standard: Fungible
  bytes.push(0, 0, 0, 0); // collection, uses, collection details, programmable config
  const data = new Uint8Array(Math.max(METAPLEX_METADATA_SIZE, bytes.length));
  data.set(bytes);
  return data;
}

/** Display name and symbol of a scenario: `solana-transfer-fee` → `Scenario transfer-fee`, `STF`. */
function scenarioLabels(name: SolanaScenarioName): { name: string; symbol: string } {
  const parts = name.split('-');
  return {
    name: `Scenario ${parts.slice(1).join('-')}`.slice(0, 32),
    symbol: parts
      .map((part) => part[0] ?? '')
      .join('')
      .toUpperCase()
      .slice(0, 10),
  };
}

const HOLDERS_PER_TRANSACTION = 4;

/** Makes one scenario mint on `cluster`, with its supply spread over its holders. */
export async function createSolanaScenarioMint(
  cluster: SolanaCluster,
  name: SolanaScenarioName,
): Promise<SolanaScenarioMint> {
  const { spec } = solanaScenarioByName(name);
  const authority = cluster.authority;
  const tokenProgram =
    spec.program === 'token' ? TOKEN_PROGRAM_ADDRESS : TOKEN_2022_PROGRAM_ADDRESS;
  const programConfig = { programAddress: tokenProgram };
  const mintSigner = await generateKeyPairSigner();
  const mint = mintSigner.address;
  const hookProgram = spec.transferHook ? (await generateKeyPairSigner()).address : undefined;

  const extensions = extensionsOf(spec, mint, authority.address, hookProgram);
  const space = BigInt(extensions.space);
  await cluster.sendAsAuthority([
    getCreateAccountInstruction({
      payer: authority,
      newAccount: mintSigner,
      lamports: lamports(cluster.minimumBalanceForRentExemption(space)),
      space,
      programAddress: tokenProgram,
    }),
    ...extensions.instructions,
    getInitializeMint2Instruction(
      {
        mint,
        decimals: SOLANA_SCENARIO_DECIMALS,
        mintAuthority: authority.address,
        freezeAuthority: spec.freezeAuthority ? authority.address : null,
      },
      programConfig,
    ),
  ]);

  const metadata = await findMetaplexMetadataPda(mint);
  const labels = scenarioLabels(name);
  cluster.setAccount({
    address: metadata,
    owner: METAPLEX_TOKEN_METADATA_PROGRAM,
    data: encodeMetaplexMetadata({
      updateAuthority: authority.address,
      mint,
      name: labels.name,
      symbol: labels.symbol,
      uri: `https://scenarios.vaultscope.invalid/${name}.json`,
      creators: [{ address: authority.address, verified: true, share: 100 }],
      isMutable: spec.mutableMetadata === true,
    }),
  });

  const holders: SolanaScenarioMint['holders'] = [];
  for (const share of solanaScenarioHolderShares(spec)) {
    const owner = (await generateKeyPairSigner()).address;
    const [tokenAccount] = await findAssociatedTokenPda({ owner, mint, tokenProgram });
    holders.push({
      owner,
      tokenAccount,
      amount: (SOLANA_SCENARIO_SUPPLY * BigInt(share)) / 10_000n,
    });
  }
  for (let start = 0; start < holders.length; start += HOLDERS_PER_TRANSACTION) {
    await cluster.sendAsAuthority(
      holders.slice(start, start + HOLDERS_PER_TRANSACTION).flatMap((holder) => [
        getCreateAssociatedTokenIdempotentInstruction({
          payer: authority,
          owner: holder.owner,
          mint,
          ata: holder.tokenAccount,
          tokenProgram,
        }),
        // A default-frozen mint's accounts start frozen; the authority thaws the ones it lets trade.
        ...(spec.defaultFrozen
          ? [
              getThawAccountInstruction(
                { account: holder.tokenAccount, mint, owner: authority },
                programConfig,
              ),
            ]
          : []),
        getMintToInstruction(
          { mint, token: holder.tokenAccount, mintAuthority: authority, amount: holder.amount },
          programConfig,
        ),
      ]),
    );
  }

  if (!spec.keepMintAuthority) {
    await cluster.sendAsAuthority([
      getSetAuthorityInstruction(
        {
          owned: mint,
          owner: authority,
          authorityType: AuthorityType.MintTokens,
          newAuthority: null,
        },
        programConfig,
      ),
    ]);
  }

  return {
    name,
    mint,
    tokenProgram,
    authority: authority.address,
    metadata,
    ...(hookProgram ? { transferHookProgram: hookProgram } : {}),
    holders,
  };
}

/** Makes every scenario mint on `cluster`. */
export async function createSolanaScenarioMints(
  cluster: SolanaCluster,
): Promise<Record<SolanaScenarioName, SolanaScenarioMint>> {
  const made: Partial<Record<SolanaScenarioName, SolanaScenarioMint>> = {};
  for (const scenario of SOLANA_SCENARIOS) {
    made[scenario.name] = await createSolanaScenarioMint(cluster, scenario.name);
  }
  return made as Record<SolanaScenarioName, SolanaScenarioMint>;
}

export interface SolanaScenarioCluster {
  rpcUrl: string;
  clusterId: DevnetSolanaClusterId;
  /** The devnet authority of the cluster (every scenario's authorities, as the spec keeps them). */
  authority: Address;
  mints: Record<SolanaScenarioName, SolanaScenarioMint>;
  /** The authority revokes its mint or freeze authority over a scenario mint (tests of refresh). */
  revokeAuthority(name: SolanaScenarioName, authority: 'mint' | 'freeze'): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local cluster with every scenario mint, served over JSON-RPC on a free loopback port, in a
 * temporary directory removed by `close`: for analyzer tests, which read it as any Solana RPC.
 */
export async function startSolanaScenarioCluster(
  clusterId: DevnetSolanaClusterId = 103,
): Promise<SolanaScenarioCluster> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaultscope-solana-scenarios-'));
  const cluster = await SolanaCluster.open({ clusterId, dataDir });
  try {
    const mints = await createSolanaScenarioMints(cluster);
    const server = await startSolanaRpcServer(cluster, 0);
    return {
      rpcUrl: server.url,
      clusterId,
      authority: cluster.authority.address,
      mints,
      revokeAuthority: async (name, authority) => {
        const { mint, tokenProgram } = mints[name];
        await cluster.sendAsAuthority([
          getSetAuthorityInstruction(
            {
              owned: mint,
              owner: cluster.authority,
              authorityType:
                authority === 'mint' ? AuthorityType.MintTokens : AuthorityType.FreezeAccount,
              newAuthority: null,
            },
            { programAddress: tokenProgram },
          ),
        ]);
      },
      close: async () => {
        await server.close();
        cluster.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    cluster.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
