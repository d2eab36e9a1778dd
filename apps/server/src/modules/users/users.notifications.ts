import type { NotificationPrefs, SubmissionEmailScope } from '@candid/domain';
import { and, eq, lte, ne, or } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { users } from '../../db/schema';
import type { UserPatch, UserRow } from './users.service';

/**
 * The patch that sets submission e-mail preferences: a switch to the digest starts its first
 * period now (nothing submitted before the choice is sent again), any other mode ends it.
 */
export function notificationPatch(
  prefs: NotificationPrefs,
  current: Pick<UserRow, 'notifyMode' | 'digestFrom'>,
  now: Date,
): UserPatch {
  const digest = prefs.mode === 'digest' && prefs.scope !== 'off';
  return {
    notifyScope: prefs.scope,
    notifyMode: prefs.mode,
    digestFrom: digest
      ? current.notifyMode === 'digest' && current.digestFrom
        ? current.digestFrom
        : now
      : null,
  };
}

/** A recruiter as a submission e-mail addresses them. */
export type NotifiedUser = Pick<
  UserRow,
  'id' | 'orgId' | 'email' | 'fName' | 'language' | 'orgRole'
> & {
  notifyScope: SubmissionEmailScope;
};

const notifiedColumns = {
  id: users.id,
  orgId: users.orgId,
  email: users.email,
  fName: users.fName,
  language: users.language,
  notifyScope: users.notifyScope,
  orgRole: users.orgRole,
};

/**
 * Who gets an e-mail the moment an interview of `ownerId`'s job in `orgId` is submitted: the
 * owner on 'mine', anyone of the organisation on 'all', each of them on 'each'.
 */
export async function findSubmissionRecipients(
  tx: Db | DbTx,
  orgId: string,
  ownerId: string,
): Promise<NotifiedUser[]> {
  return tx
    .select(notifiedColumns)
    .from(users)
    .where(
      and(
        eq(users.orgId, orgId),
        eq(users.notifyMode, 'each'),
        or(eq(users.notifyScope, 'all'), and(eq(users.notifyScope, 'mine'), eq(users.id, ownerId))),
      ),
    );
}

/** Recruiters on a daily digest whose period began at or before `before`. */
export async function findDueDigests(
  db: Db,
  before: Date,
  limit: number,
): Promise<(NotifiedUser & { digestFrom: Date })[]> {
  const rows = await db
    .select({ ...notifiedColumns, digestFrom: users.digestFrom })
    .from(users)
    .where(
      and(
        eq(users.notifyMode, 'digest'),
        ne(users.notifyScope, 'off'),
        lte(users.digestFrom, before),
      ),
    )
    .orderBy(users.digestFrom)
    .limit(limit);
  return rows.flatMap((row) => (row.digestFrom ? [{ ...row, digestFrom: row.digestFrom }] : []));
}

/**
 * Takes a recruiter's digest period `(from, to]`: moves its start to `to`. False when another
 * sweep took it first or the recruiter changed their choice meanwhile.
 */
export async function claimDigest(
  tx: Db | DbTx,
  userId: string,
  from: Date,
  to: Date,
): Promise<boolean> {
  const taken = await tx
    .update(users)
    .set({ digestFrom: to })
    .where(and(eq(users.id, userId), eq(users.notifyMode, 'digest'), eq(users.digestFrom, from)))
    .returning({ id: users.id });
  return taken.length > 0;
}
