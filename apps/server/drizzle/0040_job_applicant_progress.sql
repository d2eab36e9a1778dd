ALTER TABLE "job_applicant_counts" ADD COLUMN "unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_applicant_counts" ADD COLUMN "unreviewed" integer DEFAULT 0 NOT NULL;