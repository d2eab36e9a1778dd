ALTER TABLE "applicants" ADD COLUMN "reminders_wanted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "deadline_reminded_at" timestamp with time zone;