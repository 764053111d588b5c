/**
 * `npm run devnet -w @vaultscope/devnet`: starts every local chain (or DEVNET_CHAINS), prints the
 * RPC URLs and token addresses, and runs until Ctrl-C, then stops the chains cleanly.
 */
import { performance } from 'node:perf_hooks';
import { devnetChain } from './chains';
import { loadDevnetConfig } from './config';
import { startDevnet } from './devnet';

const config = loadDevnetConfig();
const started = performance.now();
const devnet = await startDevnet({
  dataDir: config.dataDir,
  basePort: config.basePort,
  chains: config.chains,
  stateIntervalSeconds: config.stateIntervalSeconds,
  ...(config.blockTimeSeconds === undefined ? {} : { blockTimeSeconds: config.blockTimeSeconds }),
  markets: config.markets,
  onWarning: (message) => console.warn(`warning: ${message}`),
});
const elapsed = Math.round(performance.now() - started);

console.log(`Vaultscope devnet: ${devnet.chains.length} chains up in ${elapsed} ms`);
console.log(`data: ${devnet.dataDir}\n`);
for (const chain of devnet.chains) {
  const { name, nativeSymbol } = devnetChain(chain.chainId);
  console.log(
    `${String(chain.chainId).padEnd(9)} ${name.padEnd(18)} ${nativeSymbol.padEnd(6)} ${chain.rpcUrl}`,
  );
  for (const token of chain.tokens) {
    console.log(
      `          ${token.symbol.padEnd(6)} ${String(token.decimals).padStart(2)} decimals  ${token.address}`,
    );
  }
  if (chain.market) {
    const { dex, tokens, pools } = chain.market;
    console.log(
      `          ${dex.name}: factory ${dex.factory}, router ${dex.router}; ${tokens.length} listed tokens, ${pools.length} pools`,
    );
  }
}
console.log('\nCtrl-C stops the chains (state is kept).');

// Nothing else holds the event loop when only Anvil nodes run (their handles are unref'd).
const keepAlive = setInterval(() => undefined, 1 << 30);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the devnet...`);
    void devnet.stop().then(() => {
      clearInterval(keepAlive);
      console.log('stopped');
    });
  });
}
