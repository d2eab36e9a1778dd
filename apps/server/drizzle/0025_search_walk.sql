DROP INDEX "applicants_org_active_sort_idx";--> statement-breakpoint
ALTER TABLE "applicants" drop column "search_text";--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(left(f_name, 100) || ' ' || left(l_name, 100) || chr(31) || left(email, 100) || chr(31) || left(phone, 100) || chr(31) || left(hometown, 100))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "applicants_org_active_sort_idx" ON "applicants" USING btree ("org_id","submitted_at" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"status","quited_at","opened_at","job_id","search_text") WHERE "applicants"."archived_at" is null;--> statement-breakpoint
-- Dropping the column dropped its trigram index too (drizzle-kit does not see that): again.
CREATE INDEX "applicants_search_trgm_idx" ON "applicants" USING gin ("search_text" gin_trgm_ops);
