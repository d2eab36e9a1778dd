ALTER TABLE "users" ADD COLUMN "notify_scope" text DEFAULT 'mine' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_mode" text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_from" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_digest_idx" ON "users" USING btree ("digest_from") WHERE "users"."notify_mode" = 'digest' and "users"."notify_scope" <> 'off';