import { getAddress, type Address, type Hex } from 'viem';

/**
 * Proxy standards, as data: where each keeps the address of the code it runs. A contract is a
 * proxy when one of these slots holds an address with code and its own code can DELEGATECALL
 * (a slot alone proves nothing: any contract may write any slot), or when its code is an
 * EIP-1167 minimal proxy.
 */
export const PROXY_SLOTS = [
  {
    standard: 'EIP-1967 implementation',
    // bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
    slot: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
    beacon: false,
  },
  {
    standard: 'EIP-1967 beacon',
    // bytes32(uint256(keccak256("eip1967.proxy.beacon")) - 1)
    slot: '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50',
    beacon: true,
  },
  {
    standard: 'EIP-1822 proxiable',
    // keccak256("PROXIABLE")
    slot: '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7',
    beacon: false,
  },
  {
    standard: 'OpenZeppelin legacy (ZeppelinOS)',
    // keccak256("org.zeppelinos.proxy.implementation")
    slot: '0x7050c9e0f4ca769c69bd3a8ef740bc37934f8e2c036e5a723fd8ee048ed3f8c3',
    beacon: false,
  },
] as const satisfies readonly { standard: string; slot: Hex; beacon: boolean }[];

export type ProxyStandard = (typeof PROXY_SLOTS)[number]['standard'] | 'EIP-1167 minimal proxy';

/** `implementation()`, what an EIP-1967 beacon answers. */
export const BEACON_IMPLEMENTATION_SELECTOR: Hex = '0x5c60da1b';

/**
 * EIP-1167 runtime code, and its PUSH0 form (EIP-7511), around the implementation address.
 * Clone factories with vanity addresses shorten the PUSH20; those are not matched.
 */
const MINIMAL_PROXY_PATTERNS = [
  /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/,
  /^0x365f5f375f5f365f73([0-9a-f]{40})5af43d5f5f3e5f3d91602a57fd5bf3$/,
];

/** The implementation of an EIP-1167 minimal proxy's runtime code, else undefined. */
export function minimalProxyImplementation(code: Hex): Address | undefined {
  const lower = code.toLowerCase();
  for (const pattern of MINIMAL_PROXY_PATTERNS) {
    const match = pattern.exec(lower);
    if (match?.[1]) return getAddress(`0x${match[1]}`);
  }
  return undefined;
}

/** The address in a storage word (its low 20 bytes), or undefined for an empty or non-address word. */
export function addressInSlot(word: Hex | undefined): Address | undefined {
  if (!word) return undefined;
  const value = BigInt(word === '0x' ? '0x0' : word);
  if (value === 0n || value >> 160n !== 0n) return undefined;
  return getAddress(`0x${value.toString(16).padStart(40, '0')}`);
}
