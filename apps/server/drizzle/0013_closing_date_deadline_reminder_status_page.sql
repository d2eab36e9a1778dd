ALTER TABLE "jobs" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "status_stages" jsonb;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "reminders_wanted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "status_token_hash" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "deadline_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_closes_at_idx" ON "jobs" USING btree ("closes_at") WHERE "jobs"."closes_at" is not null and "jobs"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_status_token_idx" ON "applicants" USING btree ("status_token_hash") WHERE "applicants"."status_token_hash" is not null;