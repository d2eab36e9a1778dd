import { answerRuleFor, PLANS } from '@candid/domain';
import {
  apiKeyActor,
  staffActor,
  type ActingUser,
  type Actor,
  type Action,
  type GuestLink,
  type Resources,
} from '.';

/**
 * The actors and resources of the policy table (policies.test.ts): two organisations, a user
 * of each kind and plan, reviewers, API keys and share-link guests.
 */

export const ORG_A = 'org-a';
export const ORG_B = 'org-b';

const user = (id: string, orgId: string, extra: Partial<ActingUser> = {}): ActingUser => ({
  id,
  orgId,
  role: 'user',
  orgRole: 'recruiter',
  assignedJobIds: null,
  perm: PLANS.ALL_FEATURES,
  advancedPrm: null,
  ...extra,
});

export const full = user('full', ORG_A);
export const owner = user('owner', ORG_A, { orgRole: 'owner' });
export const basicOwner = user('basicOwner', ORG_A, { orgRole: 'owner', perm: PLANS.BASIC });
export const grantedOwner = user('grantedOwner', ORG_A, {
  orgRole: 'owner',
  perm: PLANS.BASIC,
  advancedPrm: { MULTI_USER_ORGANIZATION: true },
});
export const starter = user('starter', ORG_A, { perm: PLANS.STARTER });
export const colleague = user('colleague', ORG_A);
export const stranger = user('stranger', ORG_B);
export const admin = user('admin', ORG_B, { role: 'admin' });
/** Reviewers of A: one on job-a, one on job-b only. */
export const reviewer = user('reviewer', ORG_A, {
  orgRole: 'reviewer',
  assignedJobIds: new Set(['job-a']),
});
export const otherReviewer = user('otherReviewer', ORG_A, {
  orgRole: 'reviewer',
  assignedJobIds: new Set(['job-b']),
});

/** The moment the share-link rows are decided at. */
export const NOW = new Date('2026-06-01T00:00:00Z');

/** A hiring manager's share link of organisation A's applicant `app-a`. */
export function guestLink(extra: Partial<GuestLink> = {}): GuestLink {
  return {
    id: 'link-a',
    orgId: ORG_A,
    applicantIds: ['app-a'],
    guestName: 'Hana',
    expiresAt: new Date('2026-06-08T00:00:00Z'),
    revokedAt: null,
    ...extra,
  };
}

export const ACTORS = {
  anonymous: { kind: 'anonymous', authError: null },
  badToken: { kind: 'anonymous', authError: 'INVALID_TOKEN_ERR' },
  candidate: { kind: 'candidate', scope: { applicantId: 'app-a', jobId: 'job-a', orgId: ORG_A } },
  recruiter: staffActor(full),
  owner: staffActor(owner),
  basicOwner: staffActor(basicOwner),
  grantedOwner: staffActor(grantedOwner),
  starter: staffActor(starter),
  stranger: staffActor(stranger),
  admin: staffActor(admin),
  adminViewingA: staffActor(admin, full),
  adminViewingStarter: staffActor(admin, starter),
  reviewer: staffActor(reviewer),
  otherReviewer: staffActor(otherReviewer),
  adminViewingReviewer: staffActor(admin, otherReviewer),
  readKey: apiKeyActor(owner, { id: 'key-r', scope: 'read' }),
  writeKey: apiKeyActor(owner, { id: 'key-w', scope: 'write' }),
  basicWriteKey: apiKeyActor(basicOwner, { id: 'key-b', scope: 'write' }),
  adminOwnerKey: apiKeyActor({ ...owner, role: 'admin' }, { id: 'key-a', scope: 'write' }),
  guest: { kind: 'guest', link: guestLink() },
  revokedGuest: { kind: 'guest', link: guestLink({ revokedAt: new Date('2026-05-30T00:00:00Z') }) },
  expiredGuest: { kind: 'guest', link: guestLink({ expiresAt: new Date('2026-05-31T00:00:00Z') }) },
} satisfies Record<string, Actor>;
export type ActorName = keyof typeof ACTORS;

export const jobA = { orgId: ORG_A, jobId: 'job-a' };
export const orgA = { orgId: ORG_A };
export const freeApplicant = { orgId: ORG_A, jobId: 'job-a', isFree: true };
export const paidApplicant = { orgId: ORG_A, jobId: 'job-a', isFree: false };
export const builtIn = { orgId: null };
export const videoQuestion = { id: 'q1', ansRule: answerRuleFor('video') };
export const screenQuestion = { id: 'q2', ansRule: answerRuleFor('screen') };
export const overall = { id: 'overall', label: 'Overall' };
export const skills = { id: 'skills', label: 'Skills' };

export type Row = {
  [A in Action]: [
    ActorName,
    A,
    Resources[A] extends void ? undefined : Resources[A],
    'allow' | 401 | 403 | 404 | 410,
  ];
}[Action];

export const STATUS = {
  LOGIN_REQUIRED_ERR: 401,
  INVALID_TOKEN_ERR: 401,
  FORBIDDEN_ERR: 403,
  NOT_FOUND_ERR: 404,
  SHARE_LINK_EXPIRED_ERR: 410,
  SHARE_LINK_REVOKED_ERR: 410,
};
