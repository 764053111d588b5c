/**
 * Compiles contracts/*.sol with solc-js and writes, per contract, the artifact JSON (ABI, creation
 * and runtime bytecode, compiler settings, source hash) and a typed TypeScript copy of it under
 * packages/devnet/src/evm/artifacts. Both are committed, so the devnet needs no compiler at run
 * time. Run: npm run build:contracts -w @vaultscope/devnet
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compileSources, compilerInfo, writeArtifact } from './solc-build';

const contractsDir = fileURLToPath(new URL('../../../contracts/', import.meta.url));
const artifactsDir = fileURLToPath(new URL('../src/evm/artifacts/', import.meta.url));

/** Contracts to build: source file, contract name, output file stem (kebab-case). */
const CONTRACTS = [
  { source: 'DevnetToken.sol', name: 'DevnetToken', stem: 'devnet-token' },
  { source: 'LpTimeLock.sol', name: 'LpTimeLock', stem: 'lp-time-lock' },
  { source: 'WrappedNative.sol', name: 'WrappedNative', stem: 'wrapped-native' },
];

async function main(): Promise<void> {
  for (const contract of CONTRACTS) {
    const content = await readFile(contractsDir + contract.source, 'utf8');
    const contracts = compileSources(
      { [contract.source]: content },
      `solc failed on ${contract.source}`,
    );
    const compiled = contracts[contract.source]?.[contract.name];
    if (!compiled) throw new Error(`solc produced no ${contract.name} in ${contract.source}`);

    const artifact = {
      contractName: contract.name,
      source: `contracts/${contract.source}`,
      sourceSha256: createHash('sha256').update(content).digest('hex'),
      compiler: compilerInfo(),
      abi: compiled.abi,
      bytecode: `0x${compiled.evm.bytecode.object}`,
      deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
    };
    const camel = contract.name.charAt(0).toLowerCase() + contract.name.slice(1);
    await writeArtifact({
      dir: artifactsDir,
      stem: contract.stem,
      script: 'build-contracts.ts',
      artifact,
      exports: [`export const ${camel}SourceSha256 = ${JSON.stringify(artifact.sourceSha256)};`],
    });
    console.log(
      `${contract.name}: ${(artifact.bytecode.length - 2) / 2} bytes of creation code, solc ${artifact.compiler.version}`,
    );
  }
}

await main();
