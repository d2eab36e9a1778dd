-- Custom SQL migration file, put your code below! --
-- user_applicant_counts (0030): how many applicants the jobs each user owns have (all of them,
-- previews and archived ones too: the account list's interviewCount). A row per user, made with
-- the user. Inserts and deletions of applicants: statement-level triggers over the transition
-- tables (one update per owner for a bulk statement, owners in id order). Moves: row-level
-- triggers, only when an applicant changes job or a job changes owner (WHEN), so the many other
-- updates of applicants and jobs pay nothing. A job's deletion takes its applicants off its owner
-- first (BEFORE): its applicants then go by cascade after the job row, when the owner can no
-- longer be looked up, so the applicants' own trigger counts only those whose job remains.
-- Rows written while this migration runs are counted: writes wait for it.
LOCK TABLE "users", "jobs", "applicants" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE FUNCTION "user_applicant_counts_add_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_applicant_counts" ("user_id")
    SELECT "id" FROM "new_users" ORDER BY "id"
  ON CONFLICT ("user_id") DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "user_applicant_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_applicant_counts" AS c ("user_id", "applicants")
      SELECT j."owner_id", count(*) FROM "new_applicants" a JOIN "jobs" j ON j."id" = a."job_id"
      GROUP BY j."owner_id" ORDER BY j."owner_id"
    ON CONFLICT ("user_id") DO UPDATE SET "applicants" = c."applicants" + excluded."applicants";
  ELSE
    -- Applicants whose job went in the same statement were taken off by the job's deletion.
    UPDATE "user_applicant_counts" AS c SET "applicants" = c."applicants" - d."n"
      FROM (SELECT j."owner_id", count(*) AS "n" FROM "old_applicants" a
        JOIN "jobs" j ON j."id" = a."job_id"
        GROUP BY j."owner_id") AS d
      WHERE c."user_id" = d."owner_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Moves `n` applicants from one owner to another (the two rows in id order, one statement).
CREATE FUNCTION "user_applicant_counts_shift"("from_user" uuid, "to_user" uuid, "n" integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "n" <> 0 AND "from_user" IS DISTINCT FROM "to_user" THEN
    UPDATE "user_applicant_counts"
      SET "applicants" = "applicants" + CASE WHEN "user_id" = "to_user" THEN "n" ELSE -"n" END
      WHERE "user_id" = ANY(ARRAY["from_user", "to_user"]);
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "user_applicant_counts_move_applicant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_applicant_counts_shift"(
    (SELECT "owner_id" FROM "jobs" WHERE "id" = OLD."job_id"),
    (SELECT "owner_id" FROM "jobs" WHERE "id" = NEW."job_id"),
    1);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "user_applicant_counts_move_job"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_applicant_counts_shift"(OLD."owner_id", NEW."owner_id",
    (SELECT count(*)::int FROM "applicants" WHERE "job_id" = NEW."id"));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "user_applicant_counts_drop_job"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "n" integer := (SELECT count(*)::int FROM "applicants" WHERE "job_id" = OLD."id");
BEGIN
  IF "n" > 0 THEN
    UPDATE "user_applicant_counts" SET "applicants" = "applicants" - "n"
      WHERE "user_id" = OLD."owner_id";
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_applicant_counts_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "new_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_applicant_counts_add_users"();
--> statement-breakpoint
CREATE TRIGGER "applicants_owner_count_insert" AFTER INSERT ON "applicants"
  REFERENCING NEW TABLE AS "new_applicants"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_applicant_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "applicants_owner_count_delete" AFTER DELETE ON "applicants"
  REFERENCING OLD TABLE AS "old_applicants"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_applicant_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "applicants_owner_count_move" AFTER UPDATE OF "job_id" ON "applicants"
  FOR EACH ROW WHEN (OLD."job_id" IS DISTINCT FROM NEW."job_id")
  EXECUTE FUNCTION "user_applicant_counts_move_applicant"();
--> statement-breakpoint
CREATE TRIGGER "jobs_owner_count_move" AFTER UPDATE OF "owner_id" ON "jobs"
  FOR EACH ROW WHEN (OLD."owner_id" IS DISTINCT FROM NEW."owner_id")
  EXECUTE FUNCTION "user_applicant_counts_move_job"();
--> statement-breakpoint
CREATE TRIGGER "jobs_owner_count_delete" BEFORE DELETE ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION "user_applicant_counts_drop_job"();
--> statement-breakpoint
INSERT INTO "user_applicant_counts" ("user_id", "applicants")
  SELECT u."id", coalesce(c."n", 0)
  FROM "users" u
  LEFT JOIN (SELECT j."owner_id", count(*)::int AS "n" FROM "applicants" a
    JOIN "jobs" j ON j."id" = a."job_id" GROUP BY j."owner_id") AS c ON c."owner_id" = u."id"
  ORDER BY u."id";
