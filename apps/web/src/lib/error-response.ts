/** The API's error answer, in a chunk of its own (see api-client.ts). */
export { errorResponseSchema } from '@vaultscope/core';
