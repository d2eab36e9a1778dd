import type { AnswerRule, ScorecardCriterion, PermissionSubject } from '@candid/domain';

/**
 * What each policy action is done to (the resources `decide` is asked about); the rules are in
 * rules.ts.
 */

/** Something that belongs to one organisation (a job, an applicant, a template, an upload). */
export interface OrgResource {
  orgId: string | null;
}

/** One job of an organisation, or something of one job (its applicants, their answers). */
export interface JobResource extends OrgResource {
  jobId: string;
}

export interface ApplicantResource extends JobResource {
  isFree: boolean | null;
}

export interface UserResource {
  id: string;
  orgId: string;
}

/** A user of an organisation as the team rules see them. */
export interface MemberResource extends UserResource {
  orgRole: string;
}

export interface GatedQuestion {
  id: string;
  ansRule: AnswerRule;
}

/**
 * What each action is done to. An action without a resource is a question about the actor
 * alone (may they use the back office, may they sort, may they bookmark).
 */
export interface Resources {
  /** Any back-office call of a logged-in recruiter or admin. */
  'backoffice.use': void;
  /** Admin screens: the account list, adding and deleting accounts. */
  'admin.use': void;
  /**
   * Any change a staff call makes (every method but GET and HEAD): a reviewer's is refused unless
   * the route opens itself to reviewers (`config.openToReviewers`: their own profile, ratings,
   * notes); the rules of the action it then does decide the rest.
   */
  'backoffice.change': { openToReviewers: boolean };
  'job.read': JobResource;
  'job.write': OrgResource;
  /** Assigning reviewers to a job ("Who can see this job"): the owner's. */
  'job.manageAccess': OrgResource;
  /**
   * The hiring funnel of the organisation or a department (`jobId` absent), or of one job
   * (read only). A reviewer sees a job's funnel, of a job assigned to them, and no other.
   */
  'insights.read': OrgResource & { jobId?: string };
  /**
   * The answer types of a job's or template's questions against a plan: the acting
   * user's, or `owner`'s when an existing job is saved; `previous` is what was saved before.
   */
  'job.useAnswerTypes': {
    quests: readonly GatedQuestion[];
    previous?: readonly GatedQuestion[];
    owner?: PermissionSubject;
  };
  /**
   * A job's scorecard against a plan: several criteria need CUSTOM_SCORECARD of the
   * acting user, or of `owner` when an existing job is saved; an unchanged custom scorecard
   * (`previous`) is let through, so a downgraded owner can still edit the rest of the job.
   */
  'job.useScorecard': {
    scorecard: readonly ScorecardCriterion[];
    previous?: readonly ScorecardCriterion[];
    owner?: PermissionSubject;
  };
  'applicant.read': JobResource;
  /** Opening an applicant's details and answers (locked ones stay closed). */
  'applicant.open': ApplicantResource;
  /** A change to an applicant; `fields` are the fields the change sends. */
  'applicant.change': ApplicantResource & { fields: readonly string[] };
  'applicant.delete': OrgResource;
  /** Exporting an applicant's data on request: whoever may open it. */
  'applicant.export': ApplicantResource;
  /** Approving or declining a candidate's accommodation request. */
  'applicant.decideAccommodation': ApplicantResource;
  /** Rating an applicant or its answers: whoever may open it. */
  'applicant.rate': ApplicantResource;
  'applicant.sort': void;
  'note.bookmark': void;
  /**
   * Removing a note: it must belong to the applicant the change names; a reviewer removes only
   * the notes they wrote.
   */
  'note.remove': {
    applicantId: string;
    noteApplicantId: string | undefined;
    noteAuthorId: string | null | undefined;
  };
  'template.use': void;
  'template.read': OrgResource;
  /** Built-in templates (no organisation) are read-only to everyone. */
  'template.write': OrgResource;
  /** The organisation's question library: listing it and saving a question to it. */
  'savedQuestion.use': void;
  /** Deleting a saved question: it must be the organisation's. */
  'savedQuestion.write': OrgResource;
  'user.read': UserResource;
  /** Profile, password and verification calls made on a user's behalf. */
  'user.manage': UserResource;
  /** Role and plan changes. */
  'user.changeAccess': UserResource;
  'user.delete': UserResource;
  /** The team screen: the organisation's users (any of them may look). */
  'team.read': void;
  /** Adding members to the caller's organisation. */
  'team.manage': void;
  /** Removing a member (their jobs and templates go to the owner). The owner stays. */
  'member.remove': MemberResource;
  /** The organisation's departments: listing them, a job's department, the filter. */
  'department.use': void;
  /** Adding, renaming and deleting departments. */
  'department.manage': void;
  /** Putting a job in a department: it must be one of the organisation's. */
  'department.assign': OrgResource;
  /** Profile images and logos, stored under the caller's organisation. */
  'upload.image': void;
  'cover.search': void;
  /** A candidate's own interview: answers, uploads, the realtime channel. */
  'interview.answer': { applicantId: string; jobId?: string };
  /**
   * Making a share link for an applicant: whoever may open it, on a plan with
   * SHARE_LINKS.
   */
  'shareLink.create': ApplicantResource;
  /** Listing and revoking an applicant's links: anyone of its organisation (no plan needed). */
  'shareLink.manage': OrgResource;
  /**
   * A guest's call through a share link: the link must still open (not revoked, not expired at
   * `now`) and name the applicant when one is asked for.
   */
  'shareLink.open': { now: Date; applicantId?: string };
  /** The organisation's API keys, webhook endpoints and their delivery log. */
  'integration.manage': void;
  /** The organisation's data retention period and its dry run: the owner's. */
  'retention.manage': void;
  /** The organisation's brand on the candidate side: anyone of it reads it. */
  'brand.read': OrgResource;
  /**
   * Setting the brand, and the organisation a logo named by it was uploaded to: the owner's, of
   * their own organisation.
   */
  'brand.manage': OrgResource;
  /**
   * Any request of an API key: `keyRoute` when the route is one keys may call (jobs, templates,
   * applicants); the method against the key's scope.
   */
  'api.request': { method: string; keyRoute: boolean };
}

export type Action = keyof Resources;
