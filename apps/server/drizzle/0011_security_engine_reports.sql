CREATE TABLE "security_engine_reports" (
	"token_id" text NOT NULL,
	"engine" text NOT NULL,
	"chain_name" text NOT NULL,
	"address" text NOT NULL,
	"token_name" text,
	"token_symbol" text,
	"trusted_token" smallint,
	"report" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "security_engine_reports_token_id_engine_pk" PRIMARY KEY("token_id","engine")
);
