CREATE TABLE "recording_takes" (
	"applicant_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"kind" text NOT NULL,
	"takes" integer NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recording_takes_applicant_id_question_id_kind_pk" PRIMARY KEY("applicant_id","question_id","kind"),
	CONSTRAINT "recording_takes_takes_check" CHECK ("recording_takes"."takes" > 0)
);
--> statement-breakpoint
ALTER TABLE "accommodations" ALTER COLUMN "extra_time_pct" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accommodations" ADD COLUMN "extra_retakes" smallint;--> statement-breakpoint
ALTER TABLE "recording_takes" ADD CONSTRAINT "recording_takes_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_extra_retakes_check" CHECK ("accommodations"."extra_retakes" in (1, 2));--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_asks_something_check" CHECK ("accommodations"."extra_time_pct" is not null or "accommodations"."extra_retakes" is not null);