-- Bookmarks written before they named their question point into the first question's answer
-- (until then the player showed them on every answer and jumped within whichever was open).
UPDATE "notes" AS n
SET "quest_id" = j."quests" -> 0 ->> 'id'
FROM "applicants" AS a
JOIN "jobs" AS j ON j."id" = a."job_id"
WHERE a."id" = n."applicant_id"
  AND n."time_stamp" IS NOT NULL
  AND n."quest_id" IS NULL;
--> statement-breakpoint
UPDATE "timeline_events" AS e
SET "quest_id" = n."quest_id"
FROM "notes" AS n
WHERE n."id" = e."note_id"
  AND e."time_stamp" IS NOT NULL
  AND e."quest_id" IS NULL;
