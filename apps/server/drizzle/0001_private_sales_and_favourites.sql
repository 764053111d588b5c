CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "ico_images" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ico_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"token_name" text NOT NULL,
	"ticker" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"capsule" jsonb NOT NULL,
	"total_raised" double precision,
	"pre_valuation" double precision,
	"market_cap" double precision,
	"fdv" double precision,
	"volume" double precision,
	"last_updated" timestamp with time zone NOT NULL,
	"returns_since_last_round" jsonb NOT NULL,
	"links" jsonb NOT NULL,
	"image_ids" jsonb NOT NULL,
	"current_round_type" text,
	"current_round_date" date,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ico_projects_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "ico_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"date" date,
	"price" text
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_item_type_item_id_pk" PRIMARY KEY("user_id","item_type","item_id")
);
--> statement-breakpoint
ALTER TABLE "ico_rounds" ADD CONSTRAINT "ico_rounds_project_id_ico_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."ico_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ico_projects_status_round_idx" ON "ico_projects" USING btree ("status","current_round_type");--> statement-breakpoint
CREATE INDEX "ico_projects_status_date_idx" ON "ico_projects" USING btree ("status","current_round_date");--> statement-breakpoint
CREATE INDEX "ico_projects_name_trgm_idx" ON "ico_projects" USING gin (lower("token_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ico_rounds_project_idx" ON "ico_rounds" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "favourites_item_idx" ON "favourites" USING btree ("item_type","item_id");