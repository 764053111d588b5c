// One of a token detail's first-load steps (app/route-data.ts): the detail's answer schema alone.
export { tokenDetailResponseSchema } from '@vaultscope/core';
