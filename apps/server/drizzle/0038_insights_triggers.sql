-- Custom SQL migration file, put your code below! --
-- Insights (docs/features.md, "Insights"): the funnel's timestamps the product did not keep yet,
-- filled from what it did, then the kept aggregates insight_job_days and insight_org_days
-- written by triggers on applicants, so a funnel over any range reads a few rows per day instead
-- of every applicant. Applicants written while this runs are counted: writes wait for it.
LOCK TABLE "applicants" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- Started: a public-link applicant started when its row was made; an invited one when it did
-- anything (its first open is the best time kept). Invited applicants who never started stay null.
UPDATE "applicants" SET "started_at" = CASE
    WHEN "invite_token_hash" IS NULL THEN "created_at"
    ELSE coalesce("opened_at", "created_at") END
  WHERE "started_at" IS NULL AND ("invite_token_hash" IS NULL OR "submitted_at" IS NOT NULL
    OR "quited_at" IS NOT NULL OR "answer_map" <> '{}'::jsonb);
--> statement-breakpoint
UPDATE "applicants" AS a SET "reviewed_at" = s."first", "decided_at" = s."decided"
  FROM (SELECT "applicant_id", min("created_at") AS "first",
      min("created_at") FILTER (WHERE "status_code" IN (1, 5, 6, 7)) AS "decided"
    FROM "timeline_events" WHERE "type" = 'status' GROUP BY "applicant_id") AS s
  WHERE a."id" = s."applicant_id";
--> statement-breakpoint
-- A status set before the timeline recorded status changes: its last change is the best time.
UPDATE "applicants" SET "reviewed_at" = "updated_at",
    "decided_at" = CASE WHEN "status" IN (1, 5, 6, 7) THEN "updated_at" END
  WHERE "reviewed_at" IS NULL AND "status" <> 0;
--> statement-breakpoint
-- The bucket of a duration in minutes: how many of the domain's DURATION_BUCKET_BOUNDS_MIN it
-- has reached (durationBucket).
CREATE FUNCTION "insight_duration_bucket"("minutes" double precision) RETURNS smallint
  LANGUAGE sql IMMUTABLE AS $$
  SELECT count(*)::smallint FROM unnest(ARRAY[1, 2, 3, 5, 8, 10, 15, 20, 30, 45, 60, 90, 120, 180,
    240, 360, 480, 720, 1440, 2880, 4320, 7200, 10080, 20160, 43200]) AS b WHERE "minutes" >= b
$$;
--> statement-breakpoint
-- What one applicant adds to the aggregates: (UTC day, metric) pairs. Metrics: 1 invited,
-- 2 opened, 3 opened of an invitation, 4 started, 5 submitted, 6 quit (not submitted),
-- 7 reviewed, 8 decided, 100 + bucket time to complete (on the submission's day), 200 + bucket
-- submission to first review (on the review's day), 300 + device and 400 + browser (on the
-- start's day, domain DEVICE_KINDS / BROWSER_KINDS order), 500 + answers given by one who quit.
-- A recruiter's preview adds nothing.
CREATE FUNCTION "insight_contributions"(a "applicants") RETURNS TABLE ("day" date, "metric" smallint)
  LANGUAGE sql STABLE AS $$
  SELECT v."d", v."m"::smallint FROM (VALUES
    ((a."sent_at" AT TIME ZONE 'UTC')::date, 1),
    ((a."opened_at" AT TIME ZONE 'UTC')::date, 2),
    (CASE WHEN a."sent_at" IS NOT NULL THEN (a."opened_at" AT TIME ZONE 'UTC')::date END, 3),
    ((a."started_at" AT TIME ZONE 'UTC')::date, 4),
    ((a."submitted_at" AT TIME ZONE 'UTC')::date, 5),
    (CASE WHEN a."submitted_at" IS NULL THEN (a."quited_at" AT TIME ZONE 'UTC')::date END, 6),
    ((a."reviewed_at" AT TIME ZONE 'UTC')::date, 7),
    ((a."decided_at" AT TIME ZONE 'UTC')::date, 8),
    (CASE WHEN a."started_at" IS NOT NULL THEN (a."submitted_at" AT TIME ZONE 'UTC')::date END,
      100 + "insight_duration_bucket"(
        extract(epoch FROM a."submitted_at" - a."started_at") / 60)),
    (CASE WHEN a."submitted_at" IS NOT NULL THEN (a."reviewed_at" AT TIME ZONE 'UTC')::date END,
      200 + "insight_duration_bucket"(
        extract(epoch FROM a."reviewed_at" - a."submitted_at") / 60)),
    (CASE WHEN a."device" IS NOT NULL THEN (a."started_at" AT TIME ZONE 'UTC')::date END,
      300 + coalesce(array_position(ARRAY['desktop', 'mobile', 'tablet'], a."device"), 4) - 1),
    (CASE WHEN a."browser" IS NOT NULL THEN (a."started_at" AT TIME ZONE 'UTC')::date END,
      400 + coalesce(array_position(ARRAY['chrome', 'safari', 'firefox', 'edge', 'samsung'],
        a."browser"), 6) - 1),
    (CASE WHEN a."submitted_at" IS NULL THEN (a."quited_at" AT TIME ZONE 'UTC')::date END,
      500 + CASE WHEN a."quited_at" IS NULL THEN 0
        ELSE least((SELECT count(*) FROM jsonb_object_keys(a."answer_map")), 50) END)
  ) AS v("d", "m")
  WHERE v."d" IS NOT NULL AND NOT a."is_preview"
$$;
--> statement-breakpoint
CREATE TYPE "insight_delta" AS ("org_id" uuid, "job_id" uuid, "day" date, "metric" smallint, "n" integer);
--> statement-breakpoint
-- Adds net changes (one per job, day and metric) to both tables: a rise inserts or adds, a fall
-- only subtracts from a row that is there (a job or organisation being deleted may have lost
-- its rows already). Keys in order, so two bulk statements take their rows in the same order.
CREATE FUNCTION "insight_days_write"(d "insight_delta"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(d) = 0 THEN RETURN; END IF;
  INSERT INTO "insight_job_days" AS t ("job_id", "day", "metric", "n")
    SELECT x."job_id", x."day", x."metric", x."n" FROM unnest(d) AS x WHERE x."n" > 0
    ORDER BY 1, 2, 3
  ON CONFLICT ("job_id", "day", "metric") DO UPDATE SET "n" = t."n" + excluded."n";
  UPDATE "insight_job_days" AS t SET "n" = t."n" + x."n" FROM unnest(d) AS x
    WHERE x."n" < 0 AND t."job_id" = x."job_id" AND t."day" = x."day" AND t."metric" = x."metric";
  INSERT INTO "insight_org_days" AS t ("org_id", "day", "metric", "n")
    SELECT * FROM (SELECT x."org_id", x."day", x."metric", sum(x."n")::integer AS "n"
      FROM unnest(d) AS x GROUP BY 1, 2, 3) AS g WHERE g."n" > 0 ORDER BY 1, 2, 3
  ON CONFLICT ("org_id", "day", "metric") DO UPDATE SET "n" = t."n" + excluded."n";
  UPDATE "insight_org_days" AS t SET "n" = t."n" + g."n"
    FROM (SELECT x."org_id", x."day", x."metric", sum(x."n")::integer AS "n"
      FROM unnest(d) AS x GROUP BY 1, 2, 3) AS g
    WHERE g."n" < 0 AND t."org_id" = g."org_id" AND t."day" = g."day" AND t."metric" = g."metric";
END
$$;
--> statement-breakpoint
-- Inserts and deletions: statement-level over the transition tables (one write per key for a bulk
-- statement, as job_applicant_counts does).
CREATE FUNCTION "insight_days_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "insight_days_write"(ARRAY(
      SELECT ROW(r."org_id", r."job_id", c."day", c."metric", count(*))::"insight_delta"
      FROM "insight_new_applicants" AS r, "insight_contributions"(r) AS c
      GROUP BY r."org_id", r."job_id", c."day", c."metric"));
  ELSE
    PERFORM "insight_days_write"(ARRAY(
      SELECT ROW(r."org_id", r."job_id", c."day", c."metric", -count(*))::"insight_delta"
      FROM "insight_old_applicants" AS r, "insight_contributions"(r) AS c
      GROUP BY r."org_id", r."job_id", c."day", c."metric"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Updates: row-level, only when something counted changed (WHEN), so answer saves of an
-- interview under way, notes and ratings pay nothing.
CREATE FUNCTION "insight_days_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "insight_days_write"(ARRAY(
    SELECT ROW(x."org_id", x."job_id", x."day", x."metric", sum(x."s"))::"insight_delta"
    FROM (SELECT OLD."org_id", OLD."job_id", c."day", c."metric", -1 AS "s"
        FROM "insight_contributions"(OLD) AS c
      UNION ALL SELECT NEW."org_id", NEW."job_id", c."day", c."metric", 1
        FROM "insight_contributions"(NEW) AS c) AS x
    GROUP BY x."org_id", x."job_id", x."day", x."metric" HAVING sum(x."s") <> 0));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The first review and decision, whoever changes the status (a recruiter, the API, a knockout
-- answer): at the change's own time (updated_at, the app's clock) when the writer set it.
CREATE FUNCTION "applicants_mark_review"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "at" timestamptz := CASE WHEN NEW."updated_at" IS DISTINCT FROM OLD."updated_at"
    THEN NEW."updated_at" ELSE now() END;
BEGIN
  IF NEW."reviewed_at" IS NULL THEN NEW."reviewed_at" := "at"; END IF;
  IF NEW."decided_at" IS NULL AND NEW."status" IN (1, 5, 6, 7) THEN NEW."decided_at" := "at"; END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applicants_mark_review" BEFORE UPDATE OF "status" ON "applicants"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "applicants_mark_review"();
--> statement-breakpoint
CREATE TRIGGER "applicants_insight_insert" AFTER INSERT ON "applicants"
  REFERENCING NEW TABLE AS "insight_new_applicants"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_days_apply"();
--> statement-breakpoint
CREATE TRIGGER "applicants_insight_delete" AFTER DELETE ON "applicants"
  REFERENCING OLD TABLE AS "insight_old_applicants"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_days_apply"();
--> statement-breakpoint
CREATE TRIGGER "applicants_insight_update" AFTER UPDATE OF "sent_at", "opened_at", "started_at",
    "submitted_at", "quited_at", "reviewed_at", "decided_at", "status", "device", "browser",
    "answer_map", "is_preview", "job_id", "org_id" ON "applicants" FOR EACH ROW
  WHEN (OLD."sent_at" IS DISTINCT FROM NEW."sent_at"
    OR OLD."opened_at" IS DISTINCT FROM NEW."opened_at"
    OR OLD."started_at" IS DISTINCT FROM NEW."started_at"
    OR OLD."submitted_at" IS DISTINCT FROM NEW."submitted_at"
    OR OLD."quited_at" IS DISTINCT FROM NEW."quited_at"
    OR OLD."reviewed_at" IS DISTINCT FROM NEW."reviewed_at"
    OR OLD."decided_at" IS DISTINCT FROM NEW."decided_at"
    OR OLD."device" IS DISTINCT FROM NEW."device"
    OR OLD."browser" IS DISTINCT FROM NEW."browser"
    OR OLD."is_preview" IS DISTINCT FROM NEW."is_preview"
    OR OLD."job_id" IS DISTINCT FROM NEW."job_id"
    OR OLD."org_id" IS DISTINCT FROM NEW."org_id"
    OR (NEW."quited_at" IS NOT NULL AND NEW."submitted_at" IS NULL
      AND OLD."answer_map" IS DISTINCT FROM NEW."answer_map"))
  EXECUTE FUNCTION "insight_days_move"();
--> statement-breakpoint
INSERT INTO "insight_job_days" ("job_id", "day", "metric", "n")
  SELECT a."job_id", c."day", c."metric", count(*) FROM "applicants" AS a,
    "insight_contributions"(a) AS c GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "insight_org_days" ("org_id", "day", "metric", "n")
  SELECT a."org_id", c."day", c."metric", count(*) FROM "applicants" AS a,
    "insight_contributions"(a) AS c GROUP BY 1, 2, 3;
