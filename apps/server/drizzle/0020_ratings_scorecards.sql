CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"user_id" uuid,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"score" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_score_range" CHECK ("ratings"."score" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "scorecard" jsonb;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "rating_avg" numeric(3, 2);--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD COLUMN "target_id" text;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD COLUMN "score" smallint;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_reviewer_target_idx" ON "ratings" USING btree ("applicant_id","user_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "ratings_user_idx" ON "ratings" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "timeline_events" ADD CONSTRAINT "timeline_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicants_org_active_rating_desc_idx" ON "applicants" USING btree ("org_id","rating_avg" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "applicants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "applicants_org_active_rating_asc_idx" ON "applicants" USING btree ("org_id","rating_avg","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "applicants"."archived_at" is null;