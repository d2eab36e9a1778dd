CREATE TABLE "saved_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_by" uuid,
	"txt" text NOT NULL,
	"quest" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_questions" ADD CONSTRAINT "saved_questions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_questions" ADD CONSTRAINT "saved_questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_questions_org_created_idx" ON "saved_questions" USING btree ("org_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "saved_questions_txt_trgm_idx" ON "saved_questions" USING gin ("txt" gin_trgm_ops);