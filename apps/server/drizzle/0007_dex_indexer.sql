CREATE TABLE "indexer_balances" (
	"chain_id" integer NOT NULL,
	"token" text NOT NULL,
	"holder" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	"updated_block" bigint NOT NULL,
	CONSTRAINT "indexer_balances_chain_id_token_holder_pk" PRIMARY KEY("chain_id","token","holder")
);
--> statement-breakpoint
CREATE TABLE "indexer_blocks" (
	"chain_id" integer NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	CONSTRAINT "indexer_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
CREATE TABLE "indexer_candles" (
	"chain_id" integer NOT NULL,
	"pool" text NOT NULL,
	"interval" text NOT NULL,
	"bucket" bigint NOT NULL,
	"open" double precision,
	"high" double precision,
	"low" double precision,
	"close" double precision,
	"open_quote" double precision,
	"high_quote" double precision,
	"low_quote" double precision,
	"close_quote" double precision,
	"volume_usd" double precision DEFAULT 0 NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"last_block" bigint NOT NULL,
	CONSTRAINT "indexer_candles_chain_id_pool_interval_bucket_pk" PRIMARY KEY("chain_id","pool","interval","bucket")
);
--> statement-breakpoint
CREATE TABLE "indexer_checkpoints" (
	"chain_id" integer NOT NULL,
	"factory" text NOT NULL,
	"last_block" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indexer_checkpoints_chain_id_factory_pk" PRIMARY KEY("chain_id","factory")
);
--> statement-breakpoint
CREATE TABLE "indexer_liquidity_events" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"pool" text NOT NULL,
	"block_number" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount0" numeric(78, 0) NOT NULL,
	"amount1" numeric(78, 0) NOT NULL,
	CONSTRAINT "indexer_liquidity_events_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "indexer_pools" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"factory" text NOT NULL,
	"indexer_name" text NOT NULL,
	"token0" text NOT NULL,
	"token1" text NOT NULL,
	"base_token" text NOT NULL,
	"quote_token" text NOT NULL,
	"pair_index" integer,
	"created_block" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reserve0" numeric(78, 0) DEFAULT '0' NOT NULL,
	"reserve1" numeric(78, 0) DEFAULT '0' NOT NULL,
	"price_quote" double precision,
	"price_usd" double precision,
	"liquidity_usd" double precision,
	"updated_block" bigint NOT NULL,
	CONSTRAINT "indexer_pools_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "indexer_swaps" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"pool" text NOT NULL,
	"block_number" bigint NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"trader" text NOT NULL,
	"side" text NOT NULL,
	"base_amount" numeric(78, 0) NOT NULL,
	"quote_amount" numeric(78, 0) NOT NULL,
	"price_quote" double precision,
	"price_usd" double precision,
	"volume_usd" double precision,
	CONSTRAINT "indexer_swaps_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "indexer_tokens" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" smallint,
	"total_supply" numeric(78, 0),
	"holder_count" integer DEFAULT 0 NOT NULL,
	"is_quote" boolean DEFAULT false NOT NULL,
	"problem" text,
	"first_block" bigint NOT NULL,
	"updated_block" bigint NOT NULL,
	CONSTRAINT "indexer_tokens_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "indexer_transfers" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"token" text NOT NULL,
	"block_number" bigint NOT NULL,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	CONSTRAINT "indexer_transfers_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE INDEX "indexer_balances_top_idx" ON "indexer_balances" USING btree ("chain_id","token","balance");--> statement-breakpoint
CREATE INDEX "indexer_liquidity_events_block_idx" ON "indexer_liquidity_events" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "indexer_pools_base_idx" ON "indexer_pools" USING btree ("chain_id","base_token");--> statement-breakpoint
CREATE INDEX "indexer_swaps_pool_time_idx" ON "indexer_swaps" USING btree ("chain_id","pool","time");--> statement-breakpoint
CREATE INDEX "indexer_swaps_block_idx" ON "indexer_swaps" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "indexer_transfers_block_idx" ON "indexer_transfers" USING btree ("chain_id","block_number");