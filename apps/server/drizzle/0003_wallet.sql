CREATE TABLE "wallet_keys" (
	"user_id" uuid NOT NULL,
	"family" text NOT NULL,
	"address" text NOT NULL,
	"sealed_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_keys_user_id_family_pk" PRIMARY KEY("user_id","family")
);
--> statement-breakpoint
CREATE TABLE "wallet_scan_cursors" (
	"key" text PRIMARY KEY NOT NULL,
	"cursor" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"chain_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_address" text,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" text NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	"nonce" bigint,
	"signed_transaction" text,
	"hash" text,
	"fee" text,
	"last_valid_block_height" bigint,
	"broadcasts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"hash" text NOT NULL,
	"position" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"token_address" text,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"amount" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_vaults" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"kdf" text NOT NULL,
	"check" text NOT NULL,
	"show_mainnet" boolean DEFAULT true NOT NULL,
	"show_testnet" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_keys" ADD CONSTRAINT "wallet_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_sends" ADD CONSTRAINT "wallet_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_vaults" ADD CONSTRAINT "wallet_vaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_keys_address_idx" ON "wallet_keys" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_sends_idempotency_idx" ON "wallet_sends" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_sends_user_idx" ON "wallet_sends" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_sends_open_idx" ON "wallet_sends" USING btree ("status") WHERE status in ('recorded', 'signed', 'broadcast');--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transfers_unique_idx" ON "wallet_transfers" USING btree ("chain_id","hash","position","to_address");--> statement-breakpoint
CREATE INDEX "wallet_transfers_to_idx" ON "wallet_transfers" USING btree ("to_address","block_time");