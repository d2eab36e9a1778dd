CREATE TABLE "consent_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"text_he" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "consent_choice" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "consent_version" integer;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "consent_text" text;--> statement-breakpoint
ALTER TABLE "consent_notices" ADD CONSTRAINT "consent_notices_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_notices_org_version_key" ON "consent_notices" USING btree ("org_id","version");--> statement-breakpoint
-- Interviews started before the consent notice existed may finish (uploads accept them); the
-- recruiter sees no consent for them.
UPDATE "applicants" SET "consent_choice" = 'before-notice' WHERE "started_at" IS NOT NULL OR "submitted_at" IS NOT NULL;
