CREATE TABLE "storage_purges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"upload_id" text,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "retention_months" smallint;--> statement-breakpoint
CREATE INDEX "storage_purges_due_idx" ON "storage_purges" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "applicants_org_retention_archived_idx" ON "applicants" USING btree ("org_id","archived_at") WHERE "applicants"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "applicants_org_retention_rejected_idx" ON "applicants" USING btree ("org_id","updated_at") WHERE "applicants"."archived_at" is null and "applicants"."status" in (1, 6);--> statement-breakpoint
CREATE INDEX "activities_applicant_idx" ON "activities" USING btree (("meta" ->> 'applicantId')) WHERE "activities"."meta" ? 'applicantId';