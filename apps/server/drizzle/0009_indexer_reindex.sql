-- Data only: the DEX indexer's derived rows, written before 0008 and the fixes with it, are
-- cleared so that every chain is indexed again from its DEX's start block under the new rules.
-- Before them, a token deployed before the blocks read had a holder_count summed from a partial
-- Transfer history and a total_supply of mints minus burns, both served as complete; which rows
-- those are cannot be told from the rows themselves (nothing recorded where a token's history
-- began), so none of them is kept. Token reads a node failed on (a JSON-RPC error of the call,
-- a rate limit on the deployment check) and trade senders are read again with them.
--
-- All nine tables go together: balances, transfers, candles, swaps and liquidity events are sums
-- and rows of the blocks up to the checkpoints, pools and tokens their state at those blocks, and
-- the block hashes the reorg check compares; any of them kept without the others would be
-- counted twice or undone wrongly. With no checkpoint row a DEX is read from `startBlock`. Until
-- an indexer has caught up, the market pages read the chain as they do for an unindexed chain.
TRUNCATE TABLE
  "indexer_checkpoints",
  "indexer_blocks",
  "indexer_tokens",
  "indexer_pools",
  "indexer_swaps",
  "indexer_liquidity_events",
  "indexer_candles",
  "indexer_transfers",
  "indexer_balances";
