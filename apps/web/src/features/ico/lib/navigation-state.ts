import { icoDetailSchema, type IcoDetail } from '@vaultscope/core';
import { isProjectId } from './display';

/** Spec section 2: /PS-detail is opened with the project in the navigation state. */
export interface PrivateSaleDetailState {
  id: string;
  apiData: IcoDetail;
}

/**
 * Reads the navigation state defensively: history state outlives deploys and can be anything, so
 * the project data is validated like any other answer, and dropped when it does not fit.
 */
export function readDetailState(state: unknown): { id?: string; apiData?: IcoDetail } {
  if (!state || typeof state !== 'object') return {};
  const record = state as Record<string, unknown>;
  const id = isProjectId(record.id) ? record.id : undefined;
  const parsed = icoDetailSchema.safeParse(record.apiData);
  const apiData = parsed.success && parsed.data.tokenDetails._id === id ? parsed.data : undefined;
  return { id, apiData };
}
