DROP INDEX "applicants_org_active_submitted_idx";--> statement-breakpoint
DROP INDEX "applicants_job_submitted_idx";--> statement-breakpoint
DROP INDEX "applicants_org_status_idx";--> statement-breakpoint
DROP INDEX "applicants_org_opened_idx";--> statement-breakpoint
DROP INDEX "jobs_org_archived_created_idx";--> statement-breakpoint
DROP INDEX "templates_org_archived_created_idx";--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "search_text" text GENERATED ALWAYS AS (f_name || ' ' || l_name || chr(31) || email || chr(31) || phone || chr(31) || hometown) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_org_active_created_idx" ON "jobs" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_title_trgm_idx" ON "jobs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_location_trgm_idx" ON "jobs" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "templates_org_active_created_idx" ON "templates" USING btree ("org_id","created_at","id") WHERE "templates"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "applicants_org_active_sort_idx" ON "applicants" USING btree ("org_id","submitted_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status","quited_at","opened_at") WHERE "applicants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "applicants_org_archived_sort_idx" ON "applicants" USING btree ("org_id","submitted_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status","quited_at","opened_at") WHERE "applicants"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "applicants_job_active_sort_idx" ON "applicants" USING btree ("job_id","submitted_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"org_id","status","quited_at","opened_at") WHERE "applicants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "applicants_job_archived_sort_idx" ON "applicants" USING btree ("job_id","submitted_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"org_id","status","quited_at","opened_at") WHERE "applicants"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "applicants_org_active_status_idx" ON "applicants" USING btree ("org_id","status","submitted_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "applicants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "applicants_org_active_incomplete_idx" ON "applicants" USING btree ("org_id","submitted_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "applicants"."archived_at" is null and "applicants"."quited_at" is not null and "applicants"."submitted_at" is null;--> statement-breakpoint
CREATE INDEX "applicants_org_active_opened_idx" ON "applicants" USING btree ("org_id","opened_at") WHERE "applicants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "applicants_search_trgm_idx" ON "applicants" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applicants_job_visible_created_idx" ON "applicants" USING btree ("job_id","created_at" DESC NULLS LAST,"id") WHERE "applicants"."archived_at" is null and "applicants"."is_preview" = false;--> statement-breakpoint
CREATE INDEX "jobs_org_archived_created_idx" ON "jobs" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "templates_org_archived_created_idx" ON "templates" USING btree ("org_id","created_at","id") WHERE "templates"."archived_at" is not null;