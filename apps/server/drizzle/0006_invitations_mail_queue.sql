CREATE TABLE "mail_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid,
	"purpose" text NOT NULL,
	"ref_id" uuid,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "invite_token_hash" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("next_attempt_at") WHERE "mail_queue"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_queue_ref_idx" ON "mail_queue" USING btree ("ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_invite_token_idx" ON "applicants" USING btree ("invite_token_hash") WHERE "applicants"."invite_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "applicants_job_email_idx" ON "applicants" USING btree ("job_id","email");