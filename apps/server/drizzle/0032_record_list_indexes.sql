DROP INDEX "log_records_timestamp_idx";--> statement-breakpoint
DROP INDEX "log_records_level_timestamp_idx";--> statement-breakpoint
DROP INDEX "log_records_source_timestamp_idx";--> statement-breakpoint
ALTER TABLE "log_records" ADD COLUMN "message_lower" text GENERATED ALWAYS AS (lower(message)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "log_records" ADD COLUMN "user_text" text GENERATED ALWAYS AS (lower(coalesce((meta #>> '{user,fName}') || ' ' || (meta #>> '{user,lName}'), meta #>> '{user,fName}', meta #>> '{user,lName}', '') || chr(31) || coalesce(meta #>> '{user,email}', '') || chr(31) || coalesce(meta #>> '{user,companyName}', '') || chr(31) || coalesce(meta #>> '{user,_id}', '') || chr(31) || coalesce(meta #>> '{applicant,id}', '') || chr(31) || coalesce((meta #>> '{applicant,info,fName}') || ' ' || (meta #>> '{applicant,info,lName}'), meta #>> '{applicant,info,fName}', meta #>> '{applicant,info,lName}', '') || chr(31) || coalesce(meta #>> '{applicant,info,email}', ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "log_records_timestamp_id_idx" ON "log_records" USING btree ("timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "log_records_status_timestamp_idx" ON "log_records" USING btree ("status_code","timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "log_records"."status_code" is not null;--> statement-breakpoint
CREATE INDEX "log_records_message_trgm_idx" ON "log_records" USING gin ("message_lower" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "log_records_user_text_trgm_idx" ON "log_records" USING gin ("user_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "log_records_level_timestamp_idx" ON "log_records" USING btree ("level","timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "log_records_source_timestamp_idx" ON "log_records" USING btree ("source","timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);