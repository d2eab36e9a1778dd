// The roles without zod: the route guards and the shell read them on every screen, the
// invitation's first load included, which must not carry the team schemas.

/**
 * A user's place in their organisation (docs/features.md, "Team and roles"):
 * - the owner (who signed up) manages the team, the departments and who sees which job;
 * - a recruiter works on every job, template and applicant of the organisation like the owner,
 *   but cannot manage the team or departments;
 * - a reviewer sees only the jobs they are assigned to: they watch, rate and write notes, and
 *   change nothing else (no statuses, job settings, invitations or team).
 */
export const ORG_ROLES = { OWNER: 'owner', RECRUITER: 'recruiter', REVIEWER: 'reviewer' } as const;
export type OrgRole = (typeof ORG_ROLES)[keyof typeof ORG_ROLES];

/** A stored role as the product knows it (a value it does not know reads as recruiter). */
export function toOrgRole(value: string | null | undefined): OrgRole {
  return value === ORG_ROLES.OWNER || value === ORG_ROLES.REVIEWER ? value : ORG_ROLES.RECRUITER;
}

/** Whether the user sees only the jobs they are assigned to (and changes nothing but notes). */
export function isReviewer(user: { orgRole?: string | null }): boolean {
  return user.orgRole === ORG_ROLES.REVIEWER;
}
