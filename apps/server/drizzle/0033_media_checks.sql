CREATE TABLE "media_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"face_tries" smallint DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "media_checks_outcome_check" CHECK ("media_checks"."outcome" in ('passed', 'faceSkipped')),
	CONSTRAINT "media_checks_reason_check" CHECK (("media_checks"."outcome" = 'passed' and "media_checks"."reason" is null) or ("media_checks"."outcome" = 'faceSkipped' and "media_checks"."reason" = 'NOT_RECOGNIZED'))
);
--> statement-breakpoint
ALTER TABLE "media_checks" ADD CONSTRAINT "media_checks_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_checks_applicant_key" ON "media_checks" USING btree ("applicant_id");