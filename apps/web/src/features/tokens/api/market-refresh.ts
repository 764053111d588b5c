/**
 * How often the lists, the chart and the trades ask again while they are open (and the tab is
 * visible): our indexer writes a block within about half a second of it being mined, so a
 * swap shows within the 2 s freshness goal. A module of its own so that the lists, which need
 * only this, do not load the chart's and trades' schemas with it (zod builds them on load).
 */
export const MARKET_REFRESH_MS = 1_000;
