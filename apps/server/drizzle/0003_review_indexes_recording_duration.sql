DROP INDEX "applicants_org_archived_submitted_idx";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "duration_sec" double precision;--> statement-breakpoint
CREATE INDEX "applicants_org_active_submitted_idx" ON "applicants" USING btree ("org_id","submitted_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "applicants"."archived_at" is null;