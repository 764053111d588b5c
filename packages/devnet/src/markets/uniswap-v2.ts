import { createRequire } from 'node:module';
import { keccak256, parseAbi, type Hex } from 'viem';
import { DevnetError } from '../lib/errors';

/**
 * The official Uniswap V2 contracts, as compiled and published by Uniswap on npm: the factory and
 * pair from `@uniswap/v2-core@1.0.1`, Router02 from `@uniswap/v2-periphery@1.1.0-beta.0`. Nothing
 * is recompiled, so the local markets run the exact bytecode of the real Uniswap V2. (The wrapped
 * native coin is our own `contracts/WrappedNative.sol`, WETH9 with a per-chain symbol.)
 */
const require = createRequire(import.meta.url);

interface NpmArtifact {
  bytecode: string;
}

function creationCode(path: string): Hex {
  const artifact = require(path) as NpmArtifact;
  const code = artifact.bytecode.startsWith('0x') ? artifact.bytecode : `0x${artifact.bytecode}`;
  if (!/^0x[0-9a-f]+$/i.test(code)) throw new DevnetError(`No bytecode in ${path}`);
  return code as Hex;
}

export const factoryCreationCode = creationCode('@uniswap/v2-core/build/UniswapV2Factory.json');
export const pairCreationCode = creationCode('@uniswap/v2-core/build/UniswapV2Pair.json');
const router02CreationCode = creationCode('@uniswap/v2-periphery/build/UniswapV2Router02.json');

/**
 * The init-code hash the router of the npm artifact has compiled into `UniswapV2Library.pairFor`:
 * the hash of the mainnet pair. The router never asks the factory where a pair is; it computes
 * the CREATE2 address with this constant, so it only finds pairs whose creation code hashes to it.
 */
export const ROUTER_EMBEDDED_INIT_CODE_HASH: Hex =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f';

/**
 * keccak-256 of the pair creation code the factory deploys (`type(UniswapV2Pair).creationCode`,
 * embedded whole in the factory's own code). Checked to be embedded, so that this is the hash of
 * what CREATE2 really runs and not of a look-alike artifact.
 */
export const PAIR_INIT_CODE_HASH: Hex = (() => {
  if (!factoryCreationCode.includes(pairCreationCode.slice(2)))
    throw new DevnetError(
      'The factory artifact does not embed the pair artifact: cannot know its init-code hash',
    );
  return keccak256(pairCreationCode);
})();

/**
 * The router's creation code with `pairFor`'s init-code hash set to `initCodeHash`. The hash is
 * the immediate of a single `PUSH32` (0x7f) in the code; it appears exactly once (checked), so
 * replacing it changes nothing else. With today's npm artifacts the pair's hash equals the
 * embedded one and the code comes back unchanged; a pair built by another compiler (another
 * hash) would otherwise leave a router that computes addresses where no pair lives, and every
 * swap and `getAmountsOut` would revert.
 */
export function routerCreationCodeFor(initCodeHash: Hex): Hex {
  const embedded = `7f${ROUTER_EMBEDDED_INIT_CODE_HASH.slice(2)}`;
  const at = router02CreationCode.indexOf(embedded);
  if (at < 0 || router02CreationCode.indexOf(embedded, at + 1) >= 0)
    throw new DevnetError('Router02 bytecode must hold its init-code hash exactly once');
  if (!/^0x[0-9a-f]{64}$/.test(initCodeHash))
    throw new DevnetError(`Not an init-code hash: ${initCodeHash}`);
  return `${router02CreationCode.slice(0, at)}7f${initCodeHash.slice(2)}${router02CreationCode.slice(at + embedded.length)}` as Hex;
}

export const factoryAbi = parseAbi([
  'constructor(address _feeToSetter)',
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function allPairsLength() view returns (uint256)',
  'function createPair(address tokenA, address tokenB) returns (address pair)',
  'event PairCreated(address indexed token0, address indexed token1, address pair, uint256)',
]);

export const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transfer(address to, uint256 value) returns (bool)',
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Sync(uint112 reserve0, uint112 reserve1)',
]);

export const routerAbi = parseAbi([
  'constructor(address _factory, address _WETH)',
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
