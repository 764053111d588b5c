import {
  icoDetailSchema,
  icoListResponseSchema,
  icoRoundsResponseSchema,
  type IcoDetail,
  type IcoListResponse,
} from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';

/**
 * The private sale's calls with the schemas that check their answers. zod and the schemas are
 * a chunk of their own, fetched by the first call (after the page has painted) instead of with
 * the screen: Lighthouse counts every byte that arrives before the first paint, and on slow 4G
 * these 21 kB held the private sale's first (and largest) paint about 0.1 s.
 */

export const requestIcoList = (path: string, signal?: AbortSignal): Promise<IcoListResponse> =>
  apiRequest(path, { schema: icoListResponseSchema, signal });

export const requestIcoRounds = async (path: string, signal?: AbortSignal): Promise<string[]> =>
  (await apiRequest(path, { schema: icoRoundsResponseSchema, signal })).rounds;

export const requestIcoDetail = (path: string, signal?: AbortSignal): Promise<IcoDetail> =>
  apiRequest(path, { auth: true, schema: icoDetailSchema, signal });
