ALTER TABLE "jobs" ADD COLUMN "status_stages" jsonb;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "status_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_status_token_idx" ON "applicants" USING btree ("status_token_hash") WHERE "applicants"."status_token_hash" is not null;