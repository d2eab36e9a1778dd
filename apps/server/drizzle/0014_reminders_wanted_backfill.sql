-- Invitations sent before `reminders_wanted` existed: one whose recruiter turned reminders off
-- has neither a due reminder, nor a sent or queued one, nor a stop request. Mark those so the
-- deadline reminder respects that choice too.
UPDATE "applicants" SET "reminders_wanted" = false
WHERE "invite_token_hash" IS NOT NULL
  AND "reminder_due_at" IS NULL
  AND "reminders_stopped_at" IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM "mail_queue"
    WHERE "mail_queue"."ref_id" = "applicants"."id" AND "mail_queue"."purpose" = 'invitation-reminder'
  );
