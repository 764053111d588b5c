ALTER TABLE "indexer_tokens" ADD COLUMN "reread_after" timestamp with time zone;--> statement-breakpoint
-- Tokens stored as unreadable before this column (the node failed their decimals() every time)
-- are read again at once.
UPDATE "indexer_tokens" SET "reread_after" = now() WHERE "problem" LIKE 'decimals() unreadable%';
