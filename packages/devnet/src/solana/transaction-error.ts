import type { FailedTransactionMetadata } from 'litesvm';

/**
 * LiteSVM reports errors as native objects and `const enum` numbers; Solana's JSON-RPC reports
 * the same Rust `TransactionError` serialized by serde: a string for a unit variant
 * (`"AlreadyProcessed"`), an object otherwise (`{"InstructionError":[0,{"Custom":1}]}`).
 * The names below follow the order of LiteSVM's enums (`litesvm/dist/internal.d.ts`).
 */
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
];

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
];

/** A transaction error as Solana's JSON-RPC would show it. */
export type RpcTransactionError = string | Record<string, unknown>;

export function toRpcTransactionError(
  err: ReturnType<FailedTransactionMetadata['err']>,
): RpcTransactionError {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `TransactionError(${err})`;
  const kind = err.constructor.name;
  if ('err' in err && typeof err.err === 'function') {
    return { InstructionError: [err.index, toRpcInstructionError(err.err())] };
  }
  if (kind === 'TransactionErrorDuplicateInstruction' && 'index' in err) {
    return { DuplicateInstruction: err.index };
  }
  if ('accountIndex' in err) {
    const name = kind.replace(/^TransactionError/, '');
    return { [name]: { account_index: err.accountIndex } };
  }
  return String(err);
}

function toRpcInstructionError(err: unknown): RpcTransactionError {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? `InstructionError(${err})`;
  if (err && typeof err === 'object' && 'code' in err) return { Custom: err.code };
  if (err && typeof err === 'object' && 'msg' in err) return { BorshIoError: err.msg };
  return String(err);
}

/** A short human sentence for an RPC error message, close to the validator's wording. */
export function describeTransactionError(err: RpcTransactionError): string {
  if (typeof err === 'string') {
    if (err === 'AlreadyProcessed') return 'This transaction has already been processed';
    if (err === 'BlockhashNotFound') return 'Blockhash not found';
    return err;
  }
  const instruction = err['InstructionError'];
  if (Array.isArray(instruction)) {
    const [index, inner] = instruction as [number, RpcTransactionError];
    const detail =
      typeof inner === 'object' && 'Custom' in inner
        ? `custom program error: 0x${Number(inner['Custom']).toString(16)}`
        : JSON.stringify(inner);
    return `Error processing Instruction ${index}: ${detail}`;
  }
  return JSON.stringify(err);
}
