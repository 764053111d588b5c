import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, sendResponseSchema } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { sendRequestOf, type CheckedSend } from '../lib/send-form';
import { walletKeys } from './query-keys';

export interface SendVariables {
  send: CheckedSend;
  /** One key per confirmed attempt: a retry of the same confirmation must not send twice. */
  idempotencyKey: string;
}

export async function sendTransaction({ send, idempotencyKey }: SendVariables) {
  const { path, body } = sendRequestOf(send);
  const answer = await apiRequest(path, {
    method: 'POST',
    body,
    auth: true,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: sendResponseSchema,
  });
  return answer.data;
}

export function useSendTransaction() {
  const queryClient = useQueryClient();
  const userId = useSessionStore(selectUser)?._id;
  return useMutation({
    mutationKey: ['wallet', 'send'],
    mutationFn: sendTransaction,
    // Balances, fees and the history all change with a send.
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.of(userId) }),
  });
}
