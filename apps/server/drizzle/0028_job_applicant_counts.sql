CREATE TABLE "job_applicant_counts" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"visible" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_applicant_counts" ADD CONSTRAINT "job_applicant_counts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;