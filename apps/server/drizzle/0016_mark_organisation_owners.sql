-- Every organisation so far was made by one signup (or an admin adding an account): its
-- oldest user is its owner; anyone an admin added to it later stays a member.
UPDATE "users" SET "org_role" = 'owner'
WHERE "id" IN (
  SELECT DISTINCT ON ("org_id") "id" FROM "users" ORDER BY "org_id", "created_at", "id"
);
