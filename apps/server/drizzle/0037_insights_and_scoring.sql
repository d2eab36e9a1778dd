CREATE TABLE "insight_job_days" (
	"job_id" uuid NOT NULL,
	"day" date NOT NULL,
	"metric" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_job_days_job_id_day_metric_pk" PRIMARY KEY("job_id","day","metric")
);
--> statement-breakpoint
CREATE TABLE "insight_org_days" (
	"org_id" uuid NOT NULL,
	"day" date NOT NULL,
	"metric" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_org_days_org_id_day_metric_pk" PRIMARY KEY("org_id","day","metric")
);
--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "score" smallint;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "knocked_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_org_days" ADD CONSTRAINT "insight_org_days_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicants_org_active_score_idx" ON "applicants" USING btree ("org_id","score" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "applicants"."archived_at" is null;