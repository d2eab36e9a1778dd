-- job_applicant_counts gains the job card's "N new" (submitted, not yet opened by a recruiter:
-- is_read false) and "N to review" (submitted, status 0), kept by the triggers of 0029 (replaced here) so a
-- jobs page reads three numbers off one row per card at any size. The update trigger now also
-- fires for the changes that move an applicant in or out of these two (submitting, opening,
-- the first status and a status set back to none); other updates (answers, notes, ratings)
-- still pay nothing. Writes wait while this migration counts what is there.
LOCK TABLE "applicants" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_applicant_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "job_applicant_counts" AS c ("job_id", "visible", "unread", "unreviewed")
      SELECT "job_id", count(*),
        count(*) FILTER (WHERE "submitted_at" IS NOT NULL AND NOT "is_read"),
        count(*) FILTER (WHERE "submitted_at" IS NOT NULL AND "status" = 0)
      FROM "new_applicants"
      WHERE "archived_at" IS NULL AND NOT "is_preview"
      GROUP BY "job_id" ORDER BY "job_id"
    ON CONFLICT ("job_id") DO UPDATE SET "visible" = c."visible" + excluded."visible",
      "unread" = c."unread" + excluded."unread",
      "unreviewed" = c."unreviewed" + excluded."unreviewed";
  ELSE
    UPDATE "job_applicant_counts" AS c SET "visible" = c."visible" - d."n",
      "unread" = c."unread" - d."u", "unreviewed" = c."unreviewed" - d."r"
      FROM (SELECT "job_id", count(*) AS "n",
          count(*) FILTER (WHERE "submitted_at" IS NOT NULL AND NOT "is_read") AS "u",
          count(*) FILTER (WHERE "submitted_at" IS NOT NULL AND "status" = 0) AS "r"
        FROM "old_applicants"
        WHERE "archived_at" IS NULL AND NOT "is_preview"
        GROUP BY "job_id") AS d
      WHERE c."job_id" = d."job_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_applicant_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."archived_at" IS NULL AND NOT OLD."is_preview" THEN
    UPDATE "job_applicant_counts" SET "visible" = "visible" - 1,
      "unread" = "unread" - (OLD."submitted_at" IS NOT NULL AND NOT OLD."is_read")::int,
      "unreviewed" = "unreviewed" - (OLD."submitted_at" IS NOT NULL AND OLD."status" = 0)::int
    WHERE "job_id" = OLD."job_id";
  END IF;
  IF NEW."archived_at" IS NULL AND NOT NEW."is_preview" THEN
    INSERT INTO "job_applicant_counts" AS c ("job_id", "visible", "unread", "unreviewed")
      VALUES (NEW."job_id", 1,
        (NEW."submitted_at" IS NOT NULL AND NOT NEW."is_read")::int,
        (NEW."submitted_at" IS NOT NULL AND NEW."status" = 0)::int)
    ON CONFLICT ("job_id") DO UPDATE SET "visible" = c."visible" + 1,
      "unread" = c."unread" + excluded."unread",
      "unreviewed" = c."unreviewed" + excluded."unreviewed";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "applicants_count_update" ON "applicants";
--> statement-breakpoint
CREATE TRIGGER "applicants_count_update"
  AFTER UPDATE OF "archived_at", "is_preview", "job_id", "submitted_at", "is_read", "status"
  ON "applicants" FOR EACH ROW
  WHEN ((OLD."archived_at" IS NULL AND NOT OLD."is_preview")
      IS DISTINCT FROM (NEW."archived_at" IS NULL AND NOT NEW."is_preview")
    OR OLD."job_id" IS DISTINCT FROM NEW."job_id"
    OR (OLD."submitted_at" IS NOT NULL AND NOT OLD."is_read")
      IS DISTINCT FROM (NEW."submitted_at" IS NOT NULL AND NOT NEW."is_read")
    OR (OLD."submitted_at" IS NOT NULL AND OLD."status" = 0)
      IS DISTINCT FROM (NEW."submitted_at" IS NOT NULL AND NEW."status" = 0))
  EXECUTE FUNCTION "job_applicant_counts_move"();
--> statement-breakpoint
UPDATE "job_applicant_counts" AS c SET
  "unread" = d."u", "unreviewed" = d."r"
  FROM (SELECT "job_id",
      count(*) FILTER (WHERE "submitted_at" IS NOT NULL AND NOT "is_read") AS "u",
      count(*) FILTER (WHERE "submitted_at" IS NOT NULL AND "status" = 0) AS "r"
    FROM "applicants"
    WHERE "archived_at" IS NULL AND NOT "is_preview"
    GROUP BY "job_id") AS d
  WHERE c."job_id" = d."job_id";
