// One of a token detail's first-load steps (app/route-data.ts): core's token schemas alone.
export { chainCodeSchema } from '@vaultscope/core';
