CREATE TABLE "user_applicant_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"applicants" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_f_name_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(f_name || ' ' || l_name || chr(31) || email || chr(31) || company_name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "user_applicant_counts" ADD CONSTRAINT "user_applicant_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_applicant_counts_sort_idx" ON "user_applicant_counts" USING btree ("applicants","user_id");--> statement-breakpoint
CREATE INDEX "users_l_name_idx" ON "users" USING btree ("l_name","id");--> statement-breakpoint
CREATE INDEX "users_company_name_idx" ON "users" USING btree ("company_name","id");--> statement-breakpoint
CREATE INDEX "users_perm_idx" ON "users" USING btree ("perm","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "users_last_login_asc_idx" ON "users" USING btree ("last_login","id");--> statement-breakpoint
CREATE INDEX "users_last_login_desc_idx" ON "users" USING btree ("last_login" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_f_name_idx" ON "users" USING btree ("f_name","id");