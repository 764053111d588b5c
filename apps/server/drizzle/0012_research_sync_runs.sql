CREATE TABLE "research_sync_runs" (
	"kind" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"failures" integer NOT NULL
);
