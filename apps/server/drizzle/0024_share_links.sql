CREATE TABLE "share_link_applicants" (
	"link_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	CONSTRAINT "share_link_applicants_link_id_applicant_id_pk" PRIMARY KEY("link_id","applicant_id")
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"guest_name" text NOT NULL,
	"guest_email" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"view_count" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "share_link_id" uuid;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "share_link_applicants" ADD CONSTRAINT "share_link_applicants_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_applicants" ADD CONSTRAINT "share_link_applicants_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_link_applicants_applicant_idx" ON "share_link_applicants" USING btree ("applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_idx" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_org_idx" ON "share_links" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_guest_target_idx" ON "ratings" USING btree ("applicant_id","share_link_id","target_type","target_id") WHERE "ratings"."share_link_id" is not null;