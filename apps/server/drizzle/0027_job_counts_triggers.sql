-- Custom SQL migration file, put your code below! --
-- job_counts (0026) kept by statement-level triggers on jobs: each statement adds, per
-- organisation, the jobs it brought into each archive view and takes away those it took out,
-- read from its transition tables, so a bulk insert updates an organisation's row once. Jobs
-- written while this migration runs are counted: the table is locked against writes first.
LOCK TABLE "jobs" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE FUNCTION "job_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "job_counts" AS c ("org_id", "active", "archived")
      SELECT "org_id", count(*) FILTER (WHERE "archived_at" IS NULL),
        count(*) FILTER (WHERE "archived_at" IS NOT NULL)
      FROM "new_jobs" GROUP BY "org_id" ORDER BY "org_id"
    ON CONFLICT ("org_id") DO UPDATE
      SET "active" = c."active" + excluded."active", "archived" = c."archived" + excluded."archived";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "job_counts" AS c SET "active" = c."active" - d."active", "archived" = c."archived" - d."archived"
      FROM (SELECT "org_id", count(*) FILTER (WHERE "archived_at" IS NULL) AS "active",
          count(*) FILTER (WHERE "archived_at" IS NOT NULL) AS "archived"
        FROM "old_jobs" GROUP BY "org_id") AS d
      WHERE c."org_id" = d."org_id";
  ELSE
    -- An update: what each organisation's views gained (new rows) less what they lost (old).
    INSERT INTO "job_counts" AS c ("org_id", "active", "archived")
      SELECT "org_id", sum("active"), sum("archived")
      FROM (
        SELECT "org_id", ("archived_at" IS NULL)::int AS "active", ("archived_at" IS NOT NULL)::int AS "archived"
          FROM "new_jobs"
        UNION ALL
        SELECT "org_id", -("archived_at" IS NULL)::int, -("archived_at" IS NOT NULL)::int
          FROM "old_jobs"
      ) AS d
      GROUP BY "org_id"
      HAVING sum("active") <> 0 OR sum("archived") <> 0
      ORDER BY "org_id"
    ON CONFLICT ("org_id") DO UPDATE
      SET "active" = c."active" + excluded."active", "archived" = c."archived" + excluded."archived";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_count_insert" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS "new_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "job_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "jobs_count_update" AFTER UPDATE ON "jobs"
  REFERENCING OLD TABLE AS "old_jobs" NEW TABLE AS "new_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "job_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "jobs_count_delete" AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS "old_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "job_counts_apply"();
--> statement-breakpoint
INSERT INTO "job_counts" ("org_id", "active", "archived")
  SELECT "org_id", count(*) FILTER (WHERE "archived_at" IS NULL),
    count(*) FILTER (WHERE "archived_at" IS NOT NULL)
  FROM "jobs" GROUP BY "org_id";
