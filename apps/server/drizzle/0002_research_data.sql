CREATE TABLE "cex_market_contracts" (
	"market_id" text NOT NULL,
	"chain_name" text NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	CONSTRAINT "cex_market_contracts_market_id_chain_name_pk" PRIMARY KEY("market_id","chain_name")
);
--> statement-breakpoint
CREATE TABLE "cex_markets" (
	"id" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"current_price" double precision,
	"market_cap" double precision,
	"market_cap_rank" integer,
	"fully_diluted_valuation" double precision,
	"total_volume" double precision,
	"change_h1" double precision,
	"change_h24" double precision,
	"change_d7" double precision,
	"circulating_supply" double precision,
	"total_supply" double precision,
	"max_supply" double precision,
	"last_updated" timestamp with time zone,
	"platforms" jsonb NOT NULL,
	"chain_name" text,
	"token_address" text NOT NULL,
	"provider" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dex_pool_stats" (
	"pool_id" text PRIMARY KEY NOT NULL,
	"price_usd" double precision,
	"price_native" double precision,
	"change_m5" double precision,
	"change_h1" double precision,
	"change_h6" double precision,
	"change_h24" double precision,
	"transactions" jsonb,
	"tx_h24" integer,
	"volume_m5" double precision,
	"volume_h1" double precision,
	"volume_h6" double precision,
	"volume_h24" double precision,
	"liquidity_usd" double precision,
	"market_cap_usd" double precision,
	"fdv_usd" double precision,
	"price_source" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dex_pools" (
	"id" text PRIMARY KEY NOT NULL,
	"chain_name" text NOT NULL,
	"address" text NOT NULL,
	"dex" text NOT NULL,
	"name" text NOT NULL,
	"base_token_id" text NOT NULL,
	"quote_token_address" text NOT NULL,
	"quote_token_symbol" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"provider" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dex_token_list" (
	"token_id" text PRIMARY KEY NOT NULL,
	"chain_name" text NOT NULL,
	"coin_name" text NOT NULL,
	"symbol" text NOT NULL,
	"token_address" text NOT NULL,
	"pool_id" text NOT NULL,
	"pool_address" text NOT NULL,
	"pool_created_at" timestamp with time zone,
	"price" double precision,
	"change_m5" double precision,
	"change_h1" double precision,
	"change_h6" double precision,
	"change_h24" double precision,
	"total_tx" integer,
	"volume" double precision,
	"liquidity" double precision,
	"market_cap" double precision,
	"fdv" double precision,
	"price_source" text,
	"score" smallint
);
--> statement-breakpoint
CREATE TABLE "dex_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"chain_name" text NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"total_supply" numeric,
	"trusted_token" smallint,
	"provider" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_sync" (
	"kind" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"version" integer NOT NULL,
	"items" integer NOT NULL,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_reports" (
	"token_id" text PRIMARY KEY NOT NULL,
	"chain_name" text NOT NULL,
	"address" text NOT NULL,
	"token_name" text,
	"token_symbol" text,
	"hidden_owner" smallint,
	"selfdestruct" smallint,
	"is_honeypot" smallint,
	"honeypot_with_same_creator" integer,
	"is_proxy" smallint,
	"cannot_buy" smallint,
	"total_supply" numeric,
	"holder_count" integer,
	"transfer_pausable" smallint,
	"trading_cooldown" smallint,
	"owner_percent" double precision,
	"is_whitelisted" smallint,
	"is_blacklisted" smallint,
	"is_in_dex" smallint,
	"is_open_source" smallint,
	"sell_tax" double precision,
	"buy_tax" double precision,
	"creator_percent" double precision,
	"owner_balance" numeric,
	"can_take_back_ownership" smallint,
	"slippage_modifiable" smallint,
	"external_call" smallint,
	"cannot_sell_all" smallint,
	"personal_slippage_modifiable" smallint,
	"is_anti_whale" smallint,
	"is_mintable" smallint,
	"owner_change_balance" smallint,
	"anti_whale_modifiable" smallint,
	"lp_holders" jsonb,
	"non_transferable" smallint,
	"dex_details" jsonb,
	"holders" jsonb,
	"mintable" jsonb,
	"freezable" jsonb,
	"metadata" jsonb,
	"creators" jsonb,
	"trusted_token" smallint,
	"total_score" smallint NOT NULL,
	"risk_level" text NOT NULL,
	"provider" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cex_market_contracts" ADD CONSTRAINT "cex_market_contracts_market_id_cex_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."cex_markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dex_pool_stats" ADD CONSTRAINT "dex_pool_stats_pool_id_dex_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."dex_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dex_pools" ADD CONSTRAINT "dex_pools_base_token_id_dex_tokens_id_fk" FOREIGN KEY ("base_token_id") REFERENCES "public"."dex_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dex_token_list" ADD CONSTRAINT "dex_token_list_token_id_dex_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."dex_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cex_market_contracts_address_idx" ON "cex_market_contracts" USING btree ("address_key");--> statement-breakpoint
CREATE INDEX "cex_market_contracts_chain_idx" ON "cex_market_contracts" USING btree ("chain_name","market_id");--> statement-breakpoint
CREATE INDEX "cex_markets_rank_idx" ON "cex_markets" USING btree ("market_cap_rank" asc nulls last,"id");--> statement-breakpoint
CREATE INDEX "dex_pools_base_token_idx" ON "dex_pools" USING btree ("base_token_id");