CREATE TABLE "job_counts" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"archived" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_counts" ADD CONSTRAINT "job_counts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;