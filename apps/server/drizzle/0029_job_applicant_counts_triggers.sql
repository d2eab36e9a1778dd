-- Custom SQL migration file, put your code below! --
-- job_applicant_counts (0028): each job's applicants that its recruiters' list shows (not
-- archived, not a preview). Inserts and deletions: statement-level triggers over the transition
-- tables (one update per job for a bulk statement, jobs in id order so two bulk statements take
-- their rows in the same order). Updates: a row-level trigger, only for a change of what is
-- counted (WHEN), so the many other updates of an applicant (answers, status, notes) pay
-- nothing. Applicants written while this migration runs are counted: writes wait for it.
LOCK TABLE "applicants" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE FUNCTION "job_applicant_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "job_applicant_counts" AS c ("job_id", "visible")
      SELECT "job_id", count(*) FROM "new_applicants"
      WHERE "archived_at" IS NULL AND NOT "is_preview"
      GROUP BY "job_id" ORDER BY "job_id"
    ON CONFLICT ("job_id") DO UPDATE SET "visible" = c."visible" + excluded."visible";
  ELSE
    UPDATE "job_applicant_counts" AS c SET "visible" = c."visible" - d."n"
      FROM (SELECT "job_id", count(*) AS "n" FROM "old_applicants"
        WHERE "archived_at" IS NULL AND NOT "is_preview"
        GROUP BY "job_id") AS d
      WHERE c."job_id" = d."job_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "job_applicant_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."archived_at" IS NULL AND NOT OLD."is_preview" THEN
    UPDATE "job_applicant_counts" SET "visible" = "visible" - 1 WHERE "job_id" = OLD."job_id";
  END IF;
  IF NEW."archived_at" IS NULL AND NOT NEW."is_preview" THEN
    INSERT INTO "job_applicant_counts" AS c ("job_id", "visible") VALUES (NEW."job_id", 1)
    ON CONFLICT ("job_id") DO UPDATE SET "visible" = c."visible" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applicants_count_insert" AFTER INSERT ON "applicants"
  REFERENCING NEW TABLE AS "new_applicants"
  FOR EACH STATEMENT EXECUTE FUNCTION "job_applicant_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "applicants_count_delete" AFTER DELETE ON "applicants"
  REFERENCING OLD TABLE AS "old_applicants"
  FOR EACH STATEMENT EXECUTE FUNCTION "job_applicant_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "applicants_count_update" AFTER UPDATE OF "archived_at", "is_preview", "job_id"
  ON "applicants" FOR EACH ROW
  WHEN ((OLD."archived_at" IS NULL AND NOT OLD."is_preview")
      IS DISTINCT FROM (NEW."archived_at" IS NULL AND NOT NEW."is_preview")
    OR OLD."job_id" IS DISTINCT FROM NEW."job_id")
  EXECUTE FUNCTION "job_applicant_counts_move"();
--> statement-breakpoint
INSERT INTO "job_applicant_counts" ("job_id", "visible")
  SELECT "job_id", count(*) FROM "applicants"
  WHERE "archived_at" IS NULL AND NOT "is_preview"
  GROUP BY "job_id";
