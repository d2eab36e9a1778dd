ALTER TABLE "notes" ADD COLUMN "quest_id" text;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD COLUMN "quest_id" text;