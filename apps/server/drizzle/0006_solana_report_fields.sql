ALTER TABLE "security_reports" ADD COLUMN "metadata_mutable" jsonb;--> statement-breakpoint
ALTER TABLE "security_reports" ADD COLUMN "transfer_fee" jsonb;--> statement-breakpoint
ALTER TABLE "security_reports" ADD COLUMN "transfer_fee_upgradable" jsonb;--> statement-breakpoint
ALTER TABLE "security_reports" ADD COLUMN "transfer_hook" jsonb;--> statement-breakpoint
ALTER TABLE "security_reports" ADD COLUMN "transfer_hook_upgradable" jsonb;--> statement-breakpoint
ALTER TABLE "security_reports" ADD COLUMN "default_account_state" smallint;--> statement-breakpoint
ALTER TABLE "security_reports" ADD COLUMN "default_account_state_upgradable" jsonb;--> statement-breakpoint
ALTER TABLE "security_reports" ADD COLUMN "balance_mutable_authority" jsonb;--> statement-breakpoint
ALTER TABLE "security_reports" ADD COLUMN "closable" jsonb;--> statement-breakpoint
ALTER TABLE "security_reports" ADD COLUMN "unmeasurable_fields" jsonb;