CREATE TABLE "token_scans" (
	"chain_id" integer NOT NULL,
	"address_key" text NOT NULL,
	"address" text NOT NULL,
	"source" text NOT NULL,
	"token_name" text,
	"token_symbol" text,
	"decimals" smallint,
	"block_number" bigint NOT NULL,
	"block_hash" text,
	"scanned_at" timestamp with time zone NOT NULL,
	"report" jsonb NOT NULL,
	"evidence" jsonb NOT NULL,
	"total_score" smallint NOT NULL,
	"risk_level" text NOT NULL,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "token_scans_chain_id_address_key_pk" PRIMARY KEY("chain_id","address_key")
);
