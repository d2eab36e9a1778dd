-- Jobs from before scorecards get the default one: one overall criterion, labelled
-- in the owner's language as a new job's is (default-texts.ts: overallCriterion).
UPDATE "jobs" SET "scorecard" = jsonb_build_array(jsonb_build_object(
  'id', 'overall',
  'label', CASE WHEN "users"."language" = 'he' THEN 'התרשמות כללית' ELSE 'Overall' END
))
FROM "users"
WHERE "users"."id" = "jobs"."owner_id" AND "jobs"."scorecard" IS NULL;
