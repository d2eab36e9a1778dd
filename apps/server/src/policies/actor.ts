import type { ErrorKey, OrgRole, PermissionSubject, Role } from '@candid/domain';

/**
 * A recruiter or admin as the database describes them now (role and plan are read from the
 * users table once per request, never trusted from the token, so a demotion or a plan change
 * takes effect at once).
 */
export interface ActingUser extends PermissionSubject {
  id: string;
  orgId: string;
  role: Role;
  /** Owner, recruiter or reviewer of the organisation (docs/features.md, "Team and roles"). */
  orgRole: OrgRole;
  /**
   * The jobs a reviewer is assigned to, read with the user on each request (an assignment
   * counts at once); null for everyone who sees every job of the organisation.
   */
  assignedJobIds: ReadonlySet<string> | null;
}

/** What a candidate token opens: one applicant of one job. */
export interface CandidateScope {
  applicantId: string;
  jobId: string;
  orgId: string;
}

/**
 * A logged-in recruiter or admin. `id`, `orgId`, `perm` and `advancedPrm` are those of the user
 * the call acts for (the admin's view-as target when there is one), so services that
 * scope by organisation or decide by plan read them directly; `user` is always the real caller.
 */
export interface StaffActor extends ActingUser {
  kind: 'recruiter' | 'admin';
  /** The logged-in user themselves. */
  user: ActingUser;
  /** The user an admin views as; null when acting as themselves (always null for recruiters). */
  viewAs: ActingUser | null;
  /** The refresh-token family (login session) the access token was issued in. */
  sessionId?: string;
  /**
   * Set when the caller is an organisation API key: it acts as the owner who made it,
   * and the policies narrow it to jobs and applicants (read or write, by scope).
   */
  apiKey?: ApiKeyIdentity;
}

/** The API key a request came with. */
export interface ApiKeyIdentity {
  id: string;
  scope: 'read' | 'write';
}

export interface CandidateActor {
  kind: 'candidate';
  scope: CandidateScope;
}

export interface AnonymousActor {
  kind: 'anonymous';
  /** Why a bearer token that was sent was refused (null when none was sent). */
  authError: ErrorKey | null;
}

/**
 * What a share link opens: the applicants it names, in one organisation, for one
 * named guest, until it expires or is revoked (the policies decide with these dates).
 */
export interface GuestLink {
  id: string;
  orgId: string;
  applicantIds: readonly string[];
  guestName: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** A hiring manager without an account, holding a share link's token. */
export interface GuestActor {
  kind: 'guest';
  link: GuestLink;
}

/** Who is calling, set once per request by the auth plugin (`request.actor`). */
export type Actor = StaffActor | CandidateActor | GuestActor | AnonymousActor;

/** The candidate actor of a candidate scope (a token's claims, a socket's identity). */
export function candidateActor(scope: CandidateScope): CandidateActor {
  return { kind: 'candidate', scope };
}

export const ANONYMOUS: AnonymousActor = { kind: 'anonymous', authError: null };

export function isStaff(actor: Actor): actor is StaffActor {
  return actor.kind === 'recruiter' || actor.kind === 'admin';
}

/** A staff actor for `user`, acting as `viewAs` (an admin's view-as target) or themselves. */
export function staffActor(
  user: ActingUser,
  viewAs: ActingUser | null = null,
  sessionId?: string,
): StaffActor {
  // Only an admin may act for someone else; anyone else stays themselves.
  const other = user.role === 'admin' && viewAs && viewAs.id !== user.id ? viewAs : null;
  const acting = other ?? user;
  return {
    kind: user.role === 'admin' ? 'admin' : 'recruiter',
    id: acting.id,
    orgId: acting.orgId,
    role: acting.role,
    orgRole: acting.orgRole,
    assignedJobIds: acting.assignedJobIds,
    perm: acting.perm,
    advancedPrm: acting.advancedPrm ?? null,
    user,
    viewAs: other,
    ...(sessionId ? { sessionId } : {}),
  };
}

/**
 * The actor of an API key: the owner who made it, as a plain recruiter (never an admin, never
 * viewing as anyone), marked with the key so the policies can narrow what it may do.
 */
export function apiKeyActor(owner: ActingUser, key: ApiKeyIdentity): StaffActor {
  const user: ActingUser = { ...owner, role: 'user', assignedJobIds: null };
  return { ...staffActor(user), apiKey: key };
}

/** Who is recorded in the activity log: the real user, whom they viewed as, and the API key used. */
export interface LoggedActor {
  userId: string;
  /** The user the admin is viewing as, when that is someone else. */
  viewAsId?: string;
  /** The API key the call came with (it acts as its owner, who is `userId`). */
  apiKeyId?: string;
}

export function loggedActor(actor: StaffActor): LoggedActor {
  return {
    userId: actor.user.id,
    ...(actor.viewAs ? { viewAsId: actor.viewAs.id } : {}),
    ...(actor.apiKey ? { apiKeyId: actor.apiKey.id } : {}),
  };
}

/**
 * What an activity's meta says of how it was done, beside who did it: the viewed account's id
 * when an admin was viewing as someone (the activity log names both), and the API key's
 * id when a key made the call; else nothing.
 */
export function actorMeta(actor: LoggedActor): { viewAsId?: string; apiKeyId?: string } {
  return {
    ...(actor.viewAsId ? { viewAsId: actor.viewAsId } : {}),
    ...(actor.apiKeyId ? { apiKeyId: actor.apiKeyId } : {}),
  };
}

/** {@link actorMeta} of a staff actor. */
export function viewAsMeta(actor: StaffActor): { viewAsId?: string; apiKeyId?: string } {
  return actorMeta(loggedActor(actor));
}
