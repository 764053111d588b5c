ALTER TABLE "indexer_tokens" ALTER COLUMN "holder_count" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "indexer_tokens" ALTER COLUMN "holder_count" DROP NOT NULL;