-- Custom SQL migration file, put your code below! --
-- insight_department_days (0045) kept like insight_org_days: the applicant triggers' writer
-- (insight_days_write, migration 0038) also adds each job's changes to the department the job
-- is in; moving jobs between departments (or out of one: a department's deletion sets theirs
-- to null) moves their job-day figures; deleting a job takes its figures out of its department
-- before its applicants cascade (their trigger no longer finds the job). Rows written while this
-- runs are counted: both tables are locked against writes first.
LOCK TABLE "jobs", "applicants" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TYPE "insight_department_delta" AS ("department_id" uuid, "day" date, "metric" smallint, "n" integer);
--> statement-breakpoint
-- Adds net changes (summed per department, day and metric): a rise inserts or adds, a fall only
-- subtracts from a row that is there (a department being deleted may have lost its rows already).
CREATE FUNCTION "insight_department_days_write"(d "insight_department_delta"[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(d) = 0 THEN RETURN; END IF;
  INSERT INTO "insight_department_days" AS t ("department_id", "day", "metric", "n")
    SELECT * FROM (SELECT x."department_id", x."day", x."metric", sum(x."n")::integer AS "n"
      FROM unnest(d) AS x GROUP BY 1, 2, 3) AS g WHERE g."n" > 0 ORDER BY 1, 2, 3
  ON CONFLICT ("department_id", "day", "metric") DO UPDATE SET "n" = t."n" + excluded."n";
  UPDATE "insight_department_days" AS t SET "n" = t."n" + g."n"
    FROM (SELECT x."department_id", x."day", x."metric", sum(x."n")::integer AS "n"
      FROM unnest(d) AS x GROUP BY 1, 2, 3) AS g
    WHERE g."n" < 0 AND t."department_id" = g."department_id" AND t."day" = g."day"
      AND t."metric" = g."metric";
END
$$;
--> statement-breakpoint
-- Migration 0038's writer, plus the departments. The jobs are locked (FOR SHARE) before their
-- department is read: a move of one of them (FOR NO KEY UPDATE) waits for this transaction, or
-- this one waits for the move and then reads the new department, so a change racing a move is
-- counted in the department the move leaves it in. A job deleted in this statement (its
-- applicants cascading) is not found: its figures left its department before (jobs_insight_delete).
CREATE OR REPLACE FUNCTION "insight_days_write"(d "insight_delta"[]) RETURNS void LANGUAGE plpgsql AS $$
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
  PERFORM FROM "jobs" WHERE "id" IN (SELECT x."job_id" FROM unnest(d) AS x) ORDER BY "id" FOR SHARE;
  PERFORM "insight_department_days_write"(ARRAY(
    SELECT ROW(j."department_id", x."day", x."metric", x."n")::"insight_department_delta"
    FROM unnest(d) AS x JOIN "jobs" AS j ON j."id" = x."job_id"
    WHERE j."department_id" IS NOT NULL));
END
$$;
--> statement-breakpoint
-- Jobs whose department changed in an update: each one's job-day figures leave the old
-- department and join the new one. Statement-level over the transition tables, so a
-- department's deletion (every one of its jobs set to null in one statement) writes each key
-- once; an update that moves nothing reads two small transition tables and writes nothing.
CREATE FUNCTION "insight_department_days_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "insight_department_days_write"(ARRAY(
    SELECT ROW(m."department_id", k."day", k."metric", sum(m."s" * k."n"))::"insight_department_delta"
    FROM (SELECT o."id", o."department_id", -1 AS "s"
        FROM "insight_old_jobs" AS o JOIN "insight_new_jobs" AS w ON w."id" = o."id"
        WHERE o."department_id" IS DISTINCT FROM w."department_id" AND o."department_id" IS NOT NULL
      UNION ALL SELECT w."id", w."department_id", 1
        FROM "insight_old_jobs" AS o JOIN "insight_new_jobs" AS w ON w."id" = o."id"
        WHERE o."department_id" IS DISTINCT FROM w."department_id" AND w."department_id" IS NOT NULL
      ) AS m
    JOIN "insight_job_days" AS k ON k."job_id" = m."id" AND k."n" <> 0
    GROUP BY m."department_id", k."day", k."metric" HAVING sum(m."s" * k."n") <> 0));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A job being deleted: its figures leave its department before its applicants cascade (their
-- trigger then finds no job, so nothing is taken twice). Row-level BEFORE, when the job's row is
-- locked and its job-day rows still hold its figures; nothing to do when its department is
-- going too (an organisation's deletion): that department's rows cascade with it.
CREATE FUNCTION "insight_department_days_leave"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT FROM "departments" WHERE "id" = OLD."department_id") THEN
    PERFORM "insight_department_days_write"(ARRAY(
      SELECT ROW(OLD."department_id", k."day", k."metric", -k."n")::"insight_department_delta"
      FROM "insight_job_days" AS k WHERE k."job_id" = OLD."id" AND k."n" <> 0));
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_insight_department_move" AFTER UPDATE ON "jobs"
  REFERENCING OLD TABLE AS "insight_old_jobs" NEW TABLE AS "insight_new_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_department_days_move"();
--> statement-breakpoint
CREATE TRIGGER "jobs_insight_delete" BEFORE DELETE ON "jobs" FOR EACH ROW
  WHEN (OLD."department_id" IS NOT NULL) EXECUTE FUNCTION "insight_department_days_leave"();
--> statement-breakpoint
INSERT INTO "insight_department_days" ("department_id", "day", "metric", "n")
  SELECT j."department_id", k."day", k."metric", sum(k."n")::integer
  FROM "insight_job_days" AS k JOIN "jobs" AS j ON j."id" = k."job_id"
  WHERE j."department_id" IS NOT NULL
  GROUP BY 1, 2, 3 HAVING sum(k."n") <> 0;
