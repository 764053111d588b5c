// evmole's package.json "exports" has no "types" condition, so TypeScript cannot find the typings
// it ships beside its entry points; point the bare import at them.
declare module 'evmole' {
  export { contractInfo, type Contract, type ContractFunction } from 'evmole/dist/evmole.js';
}
