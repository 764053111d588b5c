import {
  ICO_PAGE_SIZE,
  type IcoDetail,
  type IcoListItem,
  type IcoListResponse,
  type TokenListItem,
  type User,
} from '@vaultscope/core';
import { vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

/** Typed fixtures for the web tests, built by small generators (house style 12). */

export const testUser: User = {
  _id: '0b1f7c1e-8d7b-4f4e-9a51-2f0e6f6c0a01',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  mobile: '+44 20 7946 0000',
  country: 'UK',
  WalletStatus: false,
  createdAt: '2025-05-29T10:00:00.000Z',
};

/** A session as after login, with the API client reading its token (as `bootstrap` wires it). */
export function logInAs(user: User = testUser, token = 'tok-test'): void {
  configureApiClient({
    getToken: () => useSessionStore.getState().token,
    onUnauthorized: () => useSessionStore.getState().clear(),
  });
  useSessionStore.setState({ token, data: user });
}

/** A deterministic UUID for project `n`. */
export const projectId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function icoListItem(n: number, overrides: Partial<IcoListItem> = {}): IcoListItem {
  return {
    _id: projectId(n),
    tokenName: `Project ${n}`,
    Round: 'Seed',
    totalRaised: 1_500_000,
    preValuation: 12_000_000,
    category: 'DeFi',
    Date: '2026-10-14',
    image: `/api/ico/images/${String(n).padStart(64, 'a')}`,
    ...overrides,
  };
}

export function icoListPage(
  items: IcoListItem[],
  { page = 1, total = items.length }: { page?: number; total?: number } = {},
): IcoListResponse {
  return {
    tokenDetails: items,
    page,
    page_size: ICO_PAGE_SIZE,
    total,
    totalPages: Math.ceil(total / ICO_PAGE_SIZE),
  };
}

export function icoDetail(
  n: number,
  overrides: {
    detail?: Partial<IcoDetail['tokenDetails']['details']>;
    is_favourite?: 0 | 1;
    type?: IcoDetail['type'];
  } = {},
): IcoDetail {
  return {
    tokenDetails: {
      _id: projectId(n),
      tokenName: `Project ${n}`,
      category: 'Oracle',
      details: {
        capsule: ['Oracle', 'Private', 'Listed'],
        overview: {
          description: `Project ${n} builds price feeds.`,
          totalRaised: { amount: 1_000_000 },
          preValuation: { amount: 4_500_000 },
          lastUpdated: { lastupdatedtime: '2026-10-08T19:56:18.000Z' },
          marketCap: 8_207_000,
          fdv: 23_286_000,
          volume: 3_472_200,
          'Returns since last round': [
            { name: 'vs Private', value: '+596%' },
            { name: 'ATH ROI', value: '-13%' },
          ],
        },
        rounds: [
          {
            roundTitle: 'Seed Round',
            roundType: 'Seed',
            rounddate: '2026-10-14',
            price: '$0.0317',
          },
          { roundTitle: 'Private Round', roundType: 'Private', rounddate: null, price: null },
          {
            roundTitle: 'Strategic Round',
            roundType: 'Strategic',
            rounddate: null,
            price: 'Unknown',
          },
        ],
        images: ['/api/ico/images/one', '/api/ico/images/two', '/api/ico/images/three'],
        links: [
          { name: 'Website', url: 'https://example.org' },
          { name: 'Twitter', url: 'https://x.com/example' },
          { name: 'Source', url: 'javascript:alert(1)' },
        ],
        Ticker: `P${n}`,
        ...overrides.detail,
      },
    },
    is_favourite: overrides.is_favourite ?? 0,
    type: overrides.type ?? 'active',
  };
}

export function tokenListItem(overrides: Partial<TokenListItem> = {}): TokenListItem {
  return {
    id: 'eth_0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    CoinName: 'Example Token',
    tokenAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    chainName: 'eth',
    price: 0.0421,
    age: '2025-05-29T10:00:00.000Z',
    totalTransactions: 1200,
    pricePercentage: { m5: 1.2, h1: -3.5, h6: 0, h24: 12.5 },
    volume: 120_000,
    liquidity: 450_000,
    Mcap: 2_000_000,
    fdv: 3_000_000,
    score: 82,
    is_favourite: 1,
    ...overrides,
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * Stubs `fetch` with a handler of parsed URLs. A request the test did not expect fails the test
 * loudly instead of hanging (a stub that must not be called throws).
 */
export function mockApi(handler: Handler) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    return handler(url, init ?? {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A promise and its resolver, for answers the test releases itself. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
