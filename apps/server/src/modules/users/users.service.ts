import {
  ORG_ROLES,
  type Language,
  type MemberRole,
  type OrgRole,
  type Role,
  type SubmissionEmailMode,
  type SubmissionEmailScope,
} from '@candid/domain';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import { organizations, userApplicantCounts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { publish } from '../../lib/domain-events';
import { isUuid } from '../../lib/ids';
import type { StoredUser } from '../../plugins/auth';
import { authorize, type StaffActor } from '../../policies';

export type UserRow = typeof users.$inferSelect;

/**
 * Locks the organisation row until the caller's transaction ends, so that decisions counted
 * per organisation (the free interviews of) are taken one at a time.
 */
export async function lockOrganization(tx: DbTx, orgId: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('update');
}

/** Emails are kept trimmed and lower-cased, so that lookups are case-insensitive. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

function prepareStoredUser(db: Db) {
  return db
    .select({
      id: users.id,
      orgId: users.orgId,
      role: users.role,
      orgRole: users.orgRole,
      perm: users.perm,
      advancedPrm: users.advancedPrm,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_stored_user');
}
const storedUserStatements = new WeakMap<Db, ReturnType<typeof prepareStoredUser>>();

/**
 * The auth plugin's lookup on every authenticated request (role and plan as stored now): the
 * few columns it needs, as a prepared statement built once per database (on PostgreSQL a named
 * statement, parsed and planned once per connection).
 */
export async function findStoredUser(db: Db, id: string): Promise<StoredUser | null> {
  if (!isUuid(id)) return null;
  let statement = storedUserStatements.get(db);
  if (!statement) {
    statement = prepareStoredUser(db);
    storedUserStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row ?? null;
}

export async function findUserByGoogleSub(db: Db, googleSub: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, googleSub));
  return row ?? null;
}

export interface NewUser {
  fName: string;
  lName: string;
  email: string;
  /** argon2id hash; null for a Google-only account. */
  passwordHash: string | null;
  role: Role;
  perm: number;
  advancedPrm?: Record<string, boolean>;
  emailVerified: boolean;
  language: Language;
  companyName?: string;
  googleSub?: string | null;
  imgUrl?: string;
  /** Adds the user to this organisation; a new one is created when unset. */
  orgId?: string;
  /** Name of the new organisation (default "<fName>'s organisation"). */
  orgName?: string;
  /** The role of a user added to an existing organisation (recruiter when unset). */
  orgRole?: MemberRole;
}

/**
 * Creates a user, and their own organisation unless `orgId` names an existing one.
 * EMAIL_TAKEN_ERR when the email (case-insensitive) already has an account, also when two
 * signups race; NOT_FOUND_ERR for an unknown `orgId`.
 */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) throw new AppError('EMAIL_TAKEN_ERR');
  try {
    return await db.transaction(async (tx) => {
      let orgId = input.orgId;
      // Who makes an organisation owns it; anyone added to an existing one is a recruiter unless
      // the owner chose reviewer.
      const orgRole: OrgRole =
        orgId === undefined ? ORG_ROLES.OWNER : (input.orgRole ?? ORG_ROLES.RECRUITER);
      if (orgId !== undefined) {
        const [org] = isUuid(orgId)
          ? await tx
              .select({ id: organizations.id })
              .from(organizations)
              .where(eq(organizations.id, orgId))
          : [];
        if (!org) throw new AppError('NOT_FOUND_ERR');
      } else {
        const name =
          input.orgName?.trim() || input.companyName?.trim() || `${input.fName}'s organisation`;
        const [org] = await tx.insert(organizations).values({ name }).returning();
        orgId = org!.id;
      }
      const [row] = await tx
        .insert(users)
        .values({
          orgId,
          orgRole,
          fName: input.fName,
          lName: input.lName,
          email,
          passwordHash: input.passwordHash,
          googleSub: input.googleSub ?? null,
          role: input.role,
          perm: input.perm,
          advancedPrm: input.advancedPrm ?? {},
          emailVerified: input.emailVerified,
          language: input.language,
          companyName: input.companyName ?? '',
          imgUrl: input.imgUrl ?? '',
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('EMAIL_TAKEN_ERR');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN_ERR');
    throw error;
  }
}

/** Columns a user update may set (wire names where the spec has them). */
export interface UserPatch {
  fName?: string;
  lName?: string;
  email?: string;
  phone?: string;
  address?: string;
  companyName?: string;
  imgUrl?: string;
  logoUrl?: string;
  language?: Language;
  role?: Role;
  /** Only the team screen changes it, between recruiter and reviewer. */
  orgRole?: MemberRole;
  perm?: number;
  advancedPrm?: Record<string, boolean>;
  emailVerified?: boolean;
  passwordHash?: string;
  googleSub?: string;
  lastLogin?: Date;
  notifyScope?: SubmissionEmailScope;
  notifyMode?: SubmissionEmailMode;
  digestFrom?: Date | null;
}

/**
 * Keeps the company name a recruiter gave their first job on their profile (asked
 * once), so every later new job is prefilled with it. Only a profile without one is changed, or
 * (with `previous`, when a job's company is edited) one that still holds the name taken from that
 * job: a job saved while its company was half typed ("Ac", autosave) leaves "Acme" on the profile
 * once the name is finished. The spec's blank fallback ("company") is not a name.
 */
export async function rememberCompanyName(
  tx: Db | DbTx,
  userId: string,
  companyName: string,
  fallbacks: readonly string[],
  previous?: string,
): Promise<void> {
  const name = companyName.trim();
  if (!name || fallbacks.includes(name)) return;
  const before = previous?.trim();
  const replaceable =
    before && before !== name
      ? or(eq(users.companyName, ''), eq(users.companyName, before))
      : eq(users.companyName, '');
  await tx
    .update(users)
    .set({ companyName: name })
    .where(and(eq(users.id, userId), replaceable));
}

/** Updates a user; EMAIL_TAKEN_ERR when the new email belongs to someone else. */
export async function updateUser(
  db: Db | DbTx,
  id: string,
  patch: UserPatch,
  now: Date,
): Promise<UserRow> {
  const values: UserPatch & { updatedAt: Date } = { ...patch, updatedAt: now };
  if (patch.email !== undefined) {
    values.email = normalizeEmail(patch.email);
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, values.email), ne(users.id, id)));
    if (other) throw new AppError('EMAIL_TAKEN_ERR');
  }
  try {
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND_ERR');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN_ERR');
    throw error;
  }
}

/**
 * Organisations: an organisation works under one plan. When an admin changes one user's
 * plan (`perm`, `advancedPrm`), everyone else of that organisation gets the same, in the
 * caller's transaction; returns how many other users it changed.
 */
export async function shareOrganisationPlan(
  tx: Db | DbTx,
  from: Pick<UserRow, 'id' | 'orgId' | 'perm' | 'advancedPrm'>,
  now: Date,
): Promise<number> {
  const changed = await tx
    .update(users)
    .set({ perm: from.perm, advancedPrm: from.advancedPrm, updatedAt: now })
    .where(and(eq(users.orgId, from.orgId), ne(users.id, from.id)))
    .returning({ id: users.id });
  return changed.length;
}

/**
 * Loads the user a management call names, asking the policies whether `actor` may manage them:
 * NOT_FOUND_ERR when it does not exist or belongs to an organisation the actor cannot see,
 * FORBIDDEN_ERR for a visible colleague the actor may not manage.
 */
export async function getManagedUser(db: Db, actor: StaffActor, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw new AppError('NOT_FOUND_ERR');
  authorize(actor, 'user.manage', row);
  return row;
}

/**
 * Who inherits a departing user's work: `preferredId` when they are a colleague (the admin
 * deleting an account of their own organisation), else the oldest colleague; null when the
 * user is the organisation's last member.
 */
export async function findSuccessor(
  db: Db | DbTx,
  user: { id: string; orgId: string },
  preferredId?: string,
): Promise<UserRow | null> {
  const colleagues = await db
    .select()
    .from(users)
    .where(and(eq(users.orgId, user.orgId), ne(users.id, user.id)))
    .orderBy(users.createdAt, users.id);
  return colleagues.find((colleague) => colleague.id === preferredId) ?? colleagues[0] ?? null;
}

/** The interviews (applicants of their jobs) a user owns, as the accounts table counts them. */
export async function countInterviewsOfUser(db: Db, id: string): Promise<number> {
  const [row] = await db
    .select({ value: userApplicantCounts.applicants })
    .from(userApplicantCounts)
    .where(eq(userApplicantCounts.userId, id));
  return Number(row?.value ?? 0);
}

/**
 * Deletes an account. The last user of an organisation takes the organisation (and with it
 * every job, template and applicant of it) along; a user with colleagues leaves alone. What
 * other modules own follows by domain events in the same transaction: `user.handing_over`
 * (jobs and templates move to the successor), `organization.deleting` (the applicants' stored
 * files are queued for removal before the rows cascade).
 */
export async function deleteUser(
  db: Db,
  id: string,
  options: {
    /** When it happens (the erasure queue's time). */
    now: Date;
    /** Who inherits the user's work when colleagues remain; the oldest colleague by default. */
    preferredSuccessorId?: string;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ orgId: users.orgId }).from(users).where(eq(users.id, id));
    if (!row) throw new AppError('NOT_FOUND_ERR');
    const successor = await findSuccessor(
      tx,
      { id, orgId: row.orgId },
      options.preferredSuccessorId,
    );
    if (!successor) {
      // The last member: the organisation and everything in it go with them.
      await publish(tx, 'organization.deleting', { orgId: row.orgId, now: options.now });
      await tx.delete(organizations).where(eq(organizations.id, row.orgId));
      return;
    }
    await publish(tx, 'user.handing_over', { fromUserId: id, toUserId: successor.id });
    await tx.delete(users).where(eq(users.id, id));
  });
}

/** The users of an organisation for the team screen: its owner first, then by joining date. */
export async function listOrgUsers(db: Db, orgId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.orgId, orgId))
    .orderBy(sql`${users.orgRole} = ${ORG_ROLES.OWNER} desc`, users.createdAt, users.id);
}

/** The organisation's owner (who receives a removed member's work); null for none left. */
export async function findOrgOwner(db: Db | DbTx, orgId: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.orgRole, ORG_ROLES.OWNER)))
    .orderBy(users.createdAt, users.id)
    .limit(1);
  return row ?? null;
}

/** The organisation's name (the new member's email names it). */
export async function getOrganizationName(db: Db, orgId: string): Promise<string> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.name ?? '';
}
