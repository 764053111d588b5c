/** The logout answer's schema, in a chunk of its own (see logout.ts). */
export { messageResponseSchema } from '@vaultscope/core';
