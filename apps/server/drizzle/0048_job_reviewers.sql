CREATE TABLE "job_reviewers" (
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"assigned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_reviewers_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "org_role" SET DEFAULT 'recruiter';--> statement-breakpoint
ALTER TABLE "job_reviewers" ADD CONSTRAINT "job_reviewers_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reviewers" ADD CONSTRAINT "job_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reviewers" ADD CONSTRAINT "job_reviewers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reviewers" ADD CONSTRAINT "job_reviewers_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_reviewers_user_idx" ON "job_reviewers" USING btree ("user_id","job_id");--> statement-breakpoint
-- Today's members are the recruiters of the three roles: they keep every right they had.
UPDATE "users" SET "org_role" = 'recruiter' WHERE "org_role" = 'member';
