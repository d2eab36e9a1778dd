import {
  canManageBrand,
  canManageDepartments,
  canManageIntegrations,
  canManageRetention,
  canUseScorecard,
  isCustomScorecard,
  canManageMembers,
  canSortApplicants,
  canUseDepartments,
  getAnswerType,
  hasPermission,
  isAnswerTypeAllowed,
  shareLinkClosedReason,
  isApplicantLocked,
  type AnswerType,
  type PermissionSubject,
} from '@candid/domain';
import { isStaff, type Actor, type GuestActor, type StaffActor } from './actor';
import { ALLOW, deny, type Decision } from './decision';
import type {
  Action,
  ApplicantResource,
  GatedQuestion,
  JobResource,
  OrgResource,
  Resources,
} from './resources';

export type { Action, ApplicantResource, GatedQuestion, OrgResource, Resources } from './resources';

type Rule<A extends Action> = (actor: StaffActor, resource: Resources[A]) => Decision;

const notFound = (): Decision => deny('NOT_FOUND_ERR');
const forbidden = (message?: string, details?: Record<string, unknown>) =>
  deny('FORBIDDEN_ERR', { ...(message ? { message } : {}), ...(details ? { details } : {}) });

/** Another organisation's resource is "not found", never "forbidden". */
function inOrg(actor: StaffActor, resource: OrgResource): Decision {
  return resource.orgId === actor.orgId ? ALLOW : notFound();
}

/** A reviewer (docs/features.md, "Team and roles"): sees assigned jobs, changes notes only. */
const isReviewerActor = (actor: StaffActor) => actor.assignedJobIds !== null;

/**
 * A job of the organisation the actor sees: every job for the owner and recruiters, the
 * assigned ones for a reviewer. A job they do not see is "not found", as another
 * organisation's is: a reviewer learns nothing of the jobs they are not on.
 */
function inJobScope(actor: StaffActor, resource: JobResource): Decision {
  const scoped = inOrg(actor, resource);
  if (!scoped.allowed) return scoped;
  return actor.assignedJobIds === null || actor.assignedJobIds.has(resource.jobId)
    ? ALLOW
    : notFound();
}

const REVIEWER_REFUSAL = 'Reviewers watch, rate and write notes; this needs a recruiter';

/** `rule`, after refusing reviewers (403, with the reason). */
function notForReviewers<R>(rule: (actor: StaffActor, resource: R) => Decision) {
  return (actor: StaffActor, resource: R): Decision =>
    isReviewerActor(actor) ? forbidden(REVIEWER_REFUSAL) : rule(actor, resource);
}

/** What a reviewer's change to an applicant may send: marking it read and notes. */
const REVIEWER_APPLICANT_FIELDS: ReadonlySet<string> = new Set([
  'isRead',
  'newNote',
  'removeNoteId',
]);

/**
 * The first answer type among `quests` that the plan does not permit, or null. A
 * question that already had that type when last saved (`previous`) is let through: after a
 * downgrade the owner can still archive or edit the rest of an existing job.
 */
export function findForbiddenAnswerType(
  subject: PermissionSubject,
  quests: readonly GatedQuestion[],
  previous: readonly GatedQuestion[] = [],
): AnswerType | null {
  const before = new Map(previous.map((quest) => [quest.id, getAnswerType(quest.ansRule)]));
  for (const quest of quests) {
    const type = getAnswerType(quest.ansRule);
    if (!type || isAnswerTypeAllowed(subject, type)) continue;
    if (before.get(quest.id) === type) continue;
    return type;
  }
  return null;
}

const isRealAdmin = (actor: StaffActor) => actor.user.role === 'admin';

/** The rules for staff actors; candidates and anonymous callers are handled in `can`. */
const STAFF_RULES: { [A in Action]: Rule<A> | null } = {
  'backoffice.use': () => ALLOW,
  'backoffice.change': (actor, { openToReviewers }) =>
    isReviewerActor(actor) && !openToReviewers ? forbidden(REVIEWER_REFUSAL) : ALLOW,
  'admin.use': (actor) => (isRealAdmin(actor) ? ALLOW : forbidden()),
  'job.read': inJobScope,
  'job.write': notForReviewers(inOrg),
  'job.manageAccess': (actor, job) => {
    const scoped = inOrg(actor, job);
    if (!scoped.allowed) return scoped;
    return canManageMembers(actor.user) && !isReviewerActor(actor)
      ? ALLOW
      : forbidden("Only the organisation's owner chooses who sees a job");
  },
  'insights.read': (actor, { orgId, jobId }) => {
    if (jobId !== undefined) return inJobScope(actor, { orgId, jobId });
    return isReviewerActor(actor)
      ? forbidden("Reviewers see the funnel of the jobs they are on, not the organisation's")
      : inOrg(actor, { orgId });
  },
  'job.useAnswerTypes': (actor, { quests, previous, owner }) => {
    const type = findForbiddenAnswerType(owner ?? actor, quests, previous);
    return type ? forbidden(undefined, { answerType: type }) : ALLOW;
  },
  'job.useScorecard': (actor, { scorecard, previous, owner }) => {
    if (canUseScorecard(owner ?? actor, scorecard)) return ALLOW;
    const unchanged =
      previous !== undefined &&
      isCustomScorecard(previous) &&
      JSON.stringify(previous.map(({ id, label }) => [id, label])) ===
        JSON.stringify(scorecard.map(({ id, label }) => [id, label]));
    return unchanged
      ? ALLOW
      : forbidden('A scorecard with several criteria is not included in your plan', {
          feature: 'CUSTOM_SCORECARD',
        });
  },
  'applicant.read': inJobScope,
  'applicant.open': (actor, applicant) => {
    const scoped = inJobScope(actor, applicant);
    if (!scoped.allowed) return scoped;
    return isApplicantLocked(actor, applicant)
      ? forbidden('This applicant is locked: opening it needs the unlimited-interviews plan')
      : ALLOW;
  },
  'applicant.change': (actor, applicant) => {
    const scoped = inJobScope(actor, applicant);
    if (!scoped.allowed) return scoped;
    if (
      isReviewerActor(actor) &&
      !applicant.fields.every((field) => REVIEWER_APPLICANT_FIELDS.has(field))
    ) {
      return forbidden(REVIEWER_REFUSAL);
    }
    // A locked applicant can still be archived or restored, nothing else.
    const onlyArchive = applicant.fields.every((field) => field === 'archivedAt');
    return isApplicantLocked(actor, applicant) && !onlyArchive
      ? forbidden('This applicant is locked on your plan: it can only be archived or restored')
      : ALLOW;
  },
  'applicant.delete': notForReviewers(inOrg),
  // Deciding needs the applicant open to the recruiter: the same rule as opening it.
  'applicant.decideAccommodation': notForReviewers((actor, applicant: ApplicantResource) =>
    STAFF_RULES['applicant.open']!(actor, applicant),
  ),
  'applicant.rate': (actor, applicant) => STAFF_RULES['applicant.open']!(actor, applicant),
  // A data export answers a candidate's request about their data: the recruiters' task.
  'applicant.export': notForReviewers((actor, applicant: ApplicantResource) =>
    STAFF_RULES['applicant.open']!(actor, applicant),
  ),
  'applicant.sort': (actor) => (canSortApplicants(actor) ? ALLOW : forbidden()),
  'note.bookmark': (actor) =>
    hasPermission(actor, 'BOOKMARKS')
      ? ALLOW
      : forbidden('Bookmarks on notes are not included in your plan'),
  'note.remove': (actor, { applicantId, noteApplicantId, noteAuthorId }) => {
    if (noteApplicantId !== applicantId) return notFound();
    return isReviewerActor(actor) && noteAuthorId !== actor.user.id
      ? forbidden('Reviewers remove only the notes they wrote')
      : ALLOW;
  },
  // Templates and the question library make jobs: a reviewer makes none.
  'template.use': notForReviewers((actor) =>
    hasPermission(actor, 'TEMPLATES') ? ALLOW : forbidden(),
  ),
  'template.read': notForReviewers((actor, template: OrgResource) => {
    if (!hasPermission(actor, 'TEMPLATES')) return forbidden();
    return template.orgId === null ? ALLOW : inOrg(actor, template);
  }),
  'template.write': notForReviewers((actor, template: OrgResource) => {
    if (!hasPermission(actor, 'TEMPLATES')) return forbidden();
    if (template.orgId === null) return forbidden('Built-in templates are read-only');
    return inOrg(actor, template);
  }),
  'savedQuestion.use': notForReviewers(() => ALLOW),
  'savedQuestion.write': notForReviewers(inOrg),
  // Users are judged for the real caller: view-as never lends an admin's rights away or back.
  'user.read': (actor, target) =>
    actor.user.id === target.id || actor.user.orgId === target.orgId || isRealAdmin(actor)
      ? ALLOW
      : notFound(),
  'user.manage': (actor, target) => {
    const visible = STAFF_RULES['user.read']!(actor, target);
    if (!visible.allowed) return visible;
    if (actor.user.id === target.id || isRealAdmin(actor)) return ALLOW;
    // The owner manages the organisation's members (organisations).
    return actor.user.orgId === target.orgId && canManageMembers(actor.user) ? ALLOW : forbidden();
  },
  'user.changeAccess': (actor, target) => {
    const managed = STAFF_RULES['user.manage']!(actor, target);
    if (!managed.allowed) return managed;
    return isRealAdmin(actor) ? ALLOW : forbidden();
  },
  'user.delete': (actor, target) => {
    if (!isRealAdmin(actor)) return forbidden();
    // An admin removing their own account would lock themselves out mid-session.
    return target.id === actor.user.id ? forbidden() : ALLOW;
  },
  'team.read': () => ALLOW,
  'team.manage': (actor) =>
    canManageMembers(actor.user)
      ? ALLOW
      : forbidden('Managing members needs the owner of an organisation on the enterprise plan'),
  'member.remove': (actor, target) => {
    // The team screen works on the acting organisation: one's own, or for an admin viewing as
    // someone, theirs (view as).
    if (target.orgId !== actor.orgId) return notFound();
    if (!canManageMembers(actor.user)) return forbidden();
    // The owner leaves only with the organisation (the admin's account deletion).
    return target.orgRole === 'owner' || target.id === actor.user.id ? forbidden() : ALLOW;
  },
  'department.use': (actor) =>
    canUseDepartments(actor)
      ? ALLOW
      : forbidden('Departments need the multi-department organisation permission'),
  'department.manage': (actor) => (canManageDepartments(actor.user) ? ALLOW : forbidden()),
  'department.assign': notForReviewers((actor, department: OrgResource) =>
    canUseDepartments(actor) ? inOrg(actor, department) : forbidden(),
  ),
  'upload.image': () => ALLOW,
  'cover.search': () => ALLOW,
  'interview.answer': null,
  'shareLink.create': (actor, applicant) => {
    if (isReviewerActor(actor)) return forbidden(REVIEWER_REFUSAL);
    if (!hasPermission(actor, 'SHARE_LINKS')) {
      return forbidden('Sharing applicants with a hiring manager is not included in your plan', {
        feature: 'SHARE_LINKS',
      });
    }
    return STAFF_RULES['applicant.open']!(actor, applicant);
  },
  'shareLink.manage': notForReviewers(inOrg),
  // Only a guest opens a link; staff read the applicant through their own routes.
  'shareLink.open': null,
  'integration.manage': (actor) =>
    canManageIntegrations(actor)
      ? ALLOW
      : forbidden('API keys and webhooks need the owner of an organisation on the enterprise plan'),
  // Judged for the real caller in their own organisation: an admin viewing as someone does not
  // decide another organisation's deletions.
  'retention.manage': (actor) =>
    canManageRetention(actor.user) && actor.user.orgId === actor.orgId
      ? ALLOW
      : forbidden("Only the organisation's owner sets its data retention"),
  'brand.read': inOrg,
  // Judged for the real caller, as retention is: an admin viewing as someone does not rebrand
  // another organisation's candidate pages.
  'brand.manage': (actor, organization) => {
    const scoped = inOrg(actor, organization);
    if (!scoped.allowed) return scoped;
    return canManageBrand(actor.user) && actor.user.orgId === actor.orgId
      ? ALLOW
      : forbidden("Only the organisation's owner sets its brand");
  },
  'api.request': (actor, { method, keyRoute }) => {
    if (!actor.apiKey) return ALLOW;
    if (!keyRoute) return forbidden("API keys reach the organisation's jobs and applicants only");
    return actor.apiKey.scope === 'read' && !READ_METHODS.has(method.toUpperCase())
      ? forbidden('This API key may only read (GET)')
      : ALLOW;
  },
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What an API key may be asked to do: the organisation's jobs, questions, templates and
 * applicants, as the owner who made it. Never accounts, the team, departments' management,
 * admin screens, or keys and webhooks themselves.
 */
const API_KEY_ACTIONS: ReadonlySet<Action> = new Set<Action>([
  'backoffice.use',
  // Every change asks it (a key acts as the owner: never a reviewer).
  'backoffice.change',
  'api.request',
  'job.read',
  'job.write',
  'insights.read',
  'job.useAnswerTypes',
  // A job saved through the API keeps or sets its scorecard under the owner's plan.
  'job.useScorecard',
  'applicant.read',
  'applicant.open',
  'applicant.change',
  'applicant.delete',
  'applicant.sort',
  'note.bookmark',
  'note.remove',
  'template.use',
  'template.read',
  'template.write',
  'department.use',
  'department.assign',
  'upload.image',
  'cover.search',
]);

/** An API key's narrowing: its actions only, and only while the owner's plan includes them. */
function decideForApiKey(actor: StaffActor, action: Action): Decision | null {
  if (!actor.apiKey) return null;
  if (!API_KEY_ACTIONS.has(action)) {
    return forbidden("API keys reach the organisation's jobs and applicants only");
  }
  if (!hasPermission(actor, 'INTEGRATIONS')) {
    return forbidden("API access is not included in the organisation's plan");
  }
  return null;
}

/** Every action the policies know. */
export const ACTIONS = Object.keys(STAFF_RULES) as Action[];

/** Who is not logged in as staff gets 401 with the reason their token was refused. */
function notStaff(actor: Exclude<Actor, StaffActor>): Decision {
  if (actor.kind === 'candidate' || actor.kind === 'guest') return deny('INVALID_TOKEN_ERR');
  return deny(actor.authError ?? 'LOGIN_REQUIRED_ERR');
}

/**
 * A guest's link: revoked (410 SHARE_LINK_REVOKED_ERR) or expired (410
 * SHARE_LINK_EXPIRED_ERR) opens nothing; an applicant it does not name is not found.
 */
function decideForGuest(actor: GuestActor, target: Resources['shareLink.open']): Decision {
  const closed = shareLinkClosedReason(actor.link, target.now);
  if (closed === 'revoked') return deny('SHARE_LINK_REVOKED_ERR');
  if (closed === 'expired') return deny('SHARE_LINK_EXPIRED_ERR');
  if (target.applicantId !== undefined && !actor.link.applicantIds.includes(target.applicantId)) {
    return notFound();
  }
  return ALLOW;
}

/**
 * May `actor` do `action` to `resource`? The one place the server decides it (Outline's
 * `policies/` is the model): staff actions need a recruiter or admin, scoped to the
 * organisation they act in; candidate actions need the candidate token of that applicant.
 */
export function decide<A extends Action>(
  actor: Actor,
  action: A,
  ...[resource]: Resources[A] extends void ? [] : [Resources[A]]
): Decision {
  if (action === 'interview.answer') {
    if (actor.kind !== 'candidate') {
      return actor.kind === 'anonymous'
        ? deny(actor.authError ?? 'LOGIN_REQUIRED_ERR')
        : deny('INVALID_TOKEN_ERR');
    }
    const target = resource as Resources['interview.answer'];
    if (target.applicantId !== actor.scope.applicantId) return forbidden();
    if (target.jobId !== undefined && target.jobId !== actor.scope.jobId) return notFound();
    return ALLOW;
  }
  if (action === 'shareLink.open') {
    if (actor.kind === 'guest') {
      return decideForGuest(actor, resource as Resources['shareLink.open']);
    }
    return actor.kind === 'anonymous'
      ? deny(actor.authError ?? 'LOGIN_REQUIRED_ERR')
      : deny('INVALID_TOKEN_ERR');
  }
  if (!isStaff(actor)) {
    // Candidates, guests and anonymous callers never carry an API key: nothing to narrow.
    if (action === 'api.request') return ALLOW;
    return notStaff(actor);
  }
  const narrowed = decideForApiKey(actor, action);
  if (narrowed) return narrowed;
  const rule = STAFF_RULES[action] as Rule<A>;
  return rule(actor, resource as Resources[A]);
}
