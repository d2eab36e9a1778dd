import { PLANS } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import { ACTIONS, decide, staffActor } from '.';
import {
  ACTORS,
  admin,
  colleague,
  ORG_A,
  ORG_B,
  owner,
  builtIn,
  freeApplicant,
  full,
  guestLink,
  jobA,
  NOW,
  orgA,
  overall,
  paidApplicant,
  screenQuestion,
  skills,
  starter,
  STATUS,
  stranger,
  videoQuestion,
  type Row,
} from './policies.fixtures';
import { REVIEWER_ROWS } from './policies.reviewer-rows';

/**
 * The policies as a table: actor kinds × actions × resources → allowed, or the error the caller
 * gets. Another organisation's resource is always "not found" (404), never "forbidden", so its
 * existence is not revealed; plan limits are 403; callers who are not staff get 401.
 */

const TABLE: Row[] = [
  ...REVIEWER_ROWS,
  // Who may use the back office at all.
  ['anonymous', 'backoffice.use', undefined, 401],
  ['badToken', 'backoffice.use', undefined, 401],
  ['candidate', 'backoffice.use', undefined, 401],
  ['recruiter', 'backoffice.use', undefined, 'allow'],
  ['admin', 'backoffice.use', undefined, 'allow'],
  // Admin screens.
  ['recruiter', 'admin.use', undefined, 403],
  ['candidate', 'admin.use', undefined, 401],
  ['admin', 'admin.use', undefined, 'allow'],
  ['adminViewingA', 'admin.use', undefined, 'allow'],
  // Jobs: own organisation only; admins through view-as.
  ['recruiter', 'job.read', jobA, 'allow'],
  ['recruiter', 'job.write', jobA, 'allow'],
  ['stranger', 'job.read', jobA, 404],
  ['stranger', 'job.write', jobA, 404],
  ['admin', 'job.read', jobA, 404],
  ['adminViewingA', 'job.read', jobA, 'allow'],
  ['adminViewingA', 'job.write', jobA, 'allow'],
  ['candidate', 'job.read', jobA, 401],
  // Insights: anyone of the organisation (owner and members), an admin viewing as; a key reads.
  ['recruiter', 'insights.read', jobA, 'allow'],
  ['owner', 'insights.read', jobA, 'allow'],
  ['stranger', 'insights.read', jobA, 404],
  ['admin', 'insights.read', jobA, 404],
  ['adminViewingA', 'insights.read', jobA, 'allow'],
  ['readKey', 'insights.read', jobA, 'allow'],
  ['basicWriteKey', 'insights.read', jobA, 403],
  ['candidate', 'insights.read', jobA, 401],
  ['anonymous', 'insights.read', jobA, 401],
  ['anonymous', 'job.write', jobA, 401],
  // Answer types against the plan.
  ['recruiter', 'job.useAnswerTypes', { quests: [screenQuestion] }, 'allow'],
  ['starter', 'job.useAnswerTypes', { quests: [videoQuestion] }, 'allow'],
  ['starter', 'job.useAnswerTypes', { quests: [screenQuestion] }, 403],
  [
    'starter',
    'job.useAnswerTypes',
    { quests: [screenQuestion], previous: [screenQuestion] },
    'allow',
  ],
  ['recruiter', 'job.useAnswerTypes', { quests: [screenQuestion], owner: starter }, 403],
  ['adminViewingStarter', 'job.useAnswerTypes', { quests: [screenQuestion] }, 403],
  // Scorecards: one criterion for every plan, several with CUSTOM_SCORECARD.
  ['starter', 'job.useScorecard', { scorecard: [overall] }, 'allow'],
  ['starter', 'job.useScorecard', { scorecard: [overall, skills] }, 403],
  ['recruiter', 'job.useScorecard', { scorecard: [overall, skills] }, 'allow'],
  ['recruiter', 'job.useScorecard', { scorecard: [overall, skills], owner: starter }, 403],
  [
    'starter',
    'job.useScorecard',
    { scorecard: [overall, skills], previous: [overall, skills] },
    'allow',
  ],
  [
    'starter',
    'job.useScorecard',
    { scorecard: [overall, { id: 'skills', label: 'Renamed' }], previous: [overall, skills] },
    403,
  ],
  ['adminViewingStarter', 'job.useScorecard', { scorecard: [overall, skills] }, 403],
  ['candidate', 'job.useScorecard', { scorecard: [overall] }, 401],
  // Applicants: scope, then locks for the plan of whoever the call acts for.
  ['recruiter', 'applicant.read', paidApplicant, 'allow'],
  ['stranger', 'applicant.read', paidApplicant, 404],
  ['recruiter', 'applicant.open', paidApplicant, 'allow'],
  ['starter', 'applicant.open', freeApplicant, 'allow'],
  ['starter', 'applicant.open', paidApplicant, 403],
  ['stranger', 'applicant.open', freeApplicant, 404],
  ['adminViewingStarter', 'applicant.open', paidApplicant, 403],
  ['recruiter', 'applicant.decideAccommodation', paidApplicant, 'allow'],
  ['starter', 'applicant.decideAccommodation', paidApplicant, 403],
  ['stranger', 'applicant.decideAccommodation', freeApplicant, 404],
  ['starter', 'applicant.change', { ...paidApplicant, fields: ['archivedAt'] }, 'allow'],
  ['starter', 'applicant.change', { ...paidApplicant, fields: ['status'] }, 403],
  ['starter', 'applicant.change', { ...freeApplicant, fields: ['status'] }, 'allow'],
  ['stranger', 'applicant.change', { ...freeApplicant, fields: ['archivedAt'] }, 404],
  ['recruiter', 'applicant.delete', paidApplicant, 'allow'],
  ['stranger', 'applicant.delete', paidApplicant, 404],
  ['candidate', 'applicant.delete', paidApplicant, 401],
  ['recruiter', 'applicant.rate', paidApplicant, 'allow'],
  ['stranger', 'applicant.rate', paidApplicant, 404],
  ['admin', 'applicant.rate', paidApplicant, 404],
  ['adminViewingA', 'applicant.rate', paidApplicant, 'allow'],
  ['starter', 'applicant.rate', paidApplicant, 403],
  ['starter', 'applicant.rate', freeApplicant, 'allow'],
  ['candidate', 'applicant.rate', paidApplicant, 401],
  ['anonymous', 'applicant.rate', paidApplicant, 401],
  ['recruiter', 'applicant.sort', undefined, 'allow'],
  ['starter', 'applicant.sort', undefined, 403],
  // Notes.
  ['recruiter', 'note.bookmark', undefined, 'allow'],
  ['starter', 'note.bookmark', undefined, 403],
  [
    'recruiter',
    'note.remove',
    { applicantId: 'a1', noteApplicantId: 'a1', noteAuthorId: 'x' },
    'allow',
  ],
  [
    'recruiter',
    'note.remove',
    { applicantId: 'a1', noteApplicantId: 'a2', noteAuthorId: 'x' },
    404,
  ],
  [
    'recruiter',
    'note.remove',
    { applicantId: 'a1', noteApplicantId: undefined, noteAuthorId: undefined },
    404,
  ],
  // Templates: the TEMPLATES feature, built-ins read-only, other organisations unseen.
  ['recruiter', 'template.use', undefined, 'allow'],
  ['starter', 'template.use', undefined, 403],
  ['recruiter', 'template.read', builtIn, 'allow'],
  ['recruiter', 'template.read', jobA, 'allow'],
  ['stranger', 'template.read', jobA, 404],
  ['recruiter', 'template.write', jobA, 'allow'],
  ['recruiter', 'template.write', builtIn, 403],
  ['stranger', 'template.write', jobA, 404],
  ['starter', 'template.write', jobA, 403],
  ['candidate', 'template.read', builtIn, 401],
  // The question library: anyone of the organisation; another organisation's question unseen.
  ['recruiter', 'savedQuestion.use', undefined, 'allow'],
  ['starter', 'savedQuestion.use', undefined, 'allow'],
  ['anonymous', 'savedQuestion.use', undefined, 401],
  ['recruiter', 'savedQuestion.write', jobA, 'allow'],
  ['stranger', 'savedQuestion.write', jobA, 404],
  ['candidate', 'savedQuestion.write', jobA, 401],
  // Users: colleagues visible, only oneself (or an admin) managed, access changed by admins.
  ['recruiter', 'user.read', full, 'allow'],
  ['recruiter', 'user.read', colleague, 'allow'],
  ['recruiter', 'user.read', stranger, 404],
  ['admin', 'user.read', full, 'allow'],
  ['recruiter', 'user.manage', full, 'allow'],
  ['recruiter', 'user.manage', colleague, 403],
  ['recruiter', 'user.manage', stranger, 404],
  ['admin', 'user.manage', full, 'allow'],
  ['recruiter', 'user.changeAccess', full, 403],
  ['admin', 'user.changeAccess', full, 'allow'],
  ['admin', 'user.delete', full, 'allow'],
  ['admin', 'user.delete', admin, 403],
  ['recruiter', 'user.delete', colleague, 403],
  ['candidate', 'user.read', full, 401],
  // View-as never lends the admin's rights to the viewed user, nor takes them away.
  ['adminViewingA', 'user.changeAccess', colleague, 'allow'],
  ['adminViewingA', 'user.delete', admin, 403],
  // Organisations: the owner with MULTI_USER_ORGANIZATION manages the members of
  // their own organisation; members (the recruiter here) and other organisations do not.
  ['recruiter', 'team.read', undefined, 'allow'],
  ['candidate', 'team.read', undefined, 401],
  ['anonymous', 'team.manage', undefined, 401],
  ['owner', 'team.manage', undefined, 'allow'],
  ['grantedOwner', 'team.manage', undefined, 'allow'],
  ['basicOwner', 'team.manage', undefined, 403],
  ['recruiter', 'team.manage', undefined, 403],
  ['admin', 'team.manage', undefined, 'allow'],
  ['owner', 'user.manage', colleague, 'allow'],
  ['basicOwner', 'user.manage', colleague, 403],
  ['owner', 'user.manage', stranger, 404],
  ['owner', 'user.changeAccess', colleague, 403],
  ['owner', 'member.remove', { ...colleague, orgRole: 'recruiter' }, 'allow'],
  ['owner', 'member.remove', { ...stranger, orgRole: 'recruiter' }, 404],
  ['owner', 'member.remove', { ...owner, orgRole: 'owner' }, 403],
  ['recruiter', 'member.remove', { ...colleague, orgRole: 'recruiter' }, 403],
  ['basicOwner', 'member.remove', { ...colleague, orgRole: 'recruiter' }, 403],
  ['admin', 'member.remove', { ...colleague, orgRole: 'recruiter' }, 404],
  ['candidate', 'member.remove', { ...colleague, orgRole: 'recruiter' }, 401],
  // Departments: MULTI_DEPARTMENT_ORGANIZATION to use; its owner (or an admin) to manage.
  ['recruiter', 'department.use', undefined, 'allow'],
  ['basicOwner', 'department.use', undefined, 403],
  ['owner', 'department.manage', undefined, 'allow'],
  ['recruiter', 'department.manage', undefined, 403],
  ['basicOwner', 'department.manage', undefined, 403],
  ['admin', 'department.manage', undefined, 'allow'],
  ['anonymous', 'department.use', undefined, 401],
  ['recruiter', 'department.assign', jobA, 'allow'],
  ['stranger', 'department.assign', jobA, 404],
  ['basicOwner', 'department.assign', jobA, 403],
  // Uploads and covers: any staff member; the candidate's own interview only.
  ['recruiter', 'upload.image', undefined, 'allow'],
  ['candidate', 'upload.image', undefined, 401],
  ['anonymous', 'cover.search', undefined, 401],
  ['recruiter', 'cover.search', undefined, 'allow'],
  ['candidate', 'interview.answer', { applicantId: 'app-a', jobId: 'job-a' }, 'allow'],
  ['candidate', 'interview.answer', { applicantId: 'app-b' }, 403],
  ['candidate', 'interview.answer', { applicantId: 'app-a', jobId: 'job-b' }, 404],
  // An upload row of the applicant (no job named), one of nobody's (a logo: no applicant), tus
  // metadata that names no job.
  ['candidate', 'interview.answer', { applicantId: 'app-a' }, 'allow'],
  ['candidate', 'interview.answer', { applicantId: '' }, 403],
  ['candidate', 'interview.answer', { applicantId: 'app-a', jobId: '' }, 404],
  ['recruiter', 'interview.answer', { applicantId: 'app-a' }, 401],
  ['admin', 'interview.answer', { applicantId: 'app-a', jobId: 'job-a' }, 401],
  ['anonymous', 'interview.answer', { applicantId: 'app-a' }, 401],
  // Integrations: the enterprise owner manages keys and webhooks; nobody else.
  // Data retention: the owner's, on every plan; exports like opening the applicant.
  ['owner', 'retention.manage', undefined, 'allow'],
  ['basicOwner', 'retention.manage', undefined, 'allow'],
  ['recruiter', 'retention.manage', undefined, 403],
  ['stranger', 'retention.manage', undefined, 403],
  ['admin', 'retention.manage', undefined, 403],
  ['adminViewingA', 'retention.manage', undefined, 403],
  ['anonymous', 'retention.manage', undefined, 401],
  ['candidate', 'retention.manage', undefined, 401],
  ['writeKey', 'retention.manage', undefined, 403],
  // The brand: anyone of the organisation reads it; its owner sets it; another's is not found.
  ['recruiter', 'brand.read', jobA, 'allow'],
  ['owner', 'brand.read', jobA, 'allow'],
  ['stranger', 'brand.read', jobA, 404],
  ['adminViewingA', 'brand.read', jobA, 'allow'],
  ['anonymous', 'brand.read', jobA, 401],
  ['candidate', 'brand.read', jobA, 401],
  ['writeKey', 'brand.read', jobA, 403],
  ['owner', 'brand.manage', jobA, 'allow'],
  ['basicOwner', 'brand.manage', jobA, 'allow'],
  ['recruiter', 'brand.manage', jobA, 403],
  ['stranger', 'brand.manage', jobA, 404],
  ['owner', 'brand.manage', { orgId: ORG_B }, 404],
  ['admin', 'brand.manage', jobA, 404],
  ['adminViewingA', 'brand.manage', jobA, 403],
  ['anonymous', 'brand.manage', jobA, 401],
  ['candidate', 'brand.manage', jobA, 401],
  ['writeKey', 'brand.manage', jobA, 403],
  ['recruiter', 'applicant.export', paidApplicant, 'allow'],
  ['stranger', 'applicant.export', paidApplicant, 404],
  ['adminViewingA', 'applicant.export', paidApplicant, 'allow'],
  ['starter', 'applicant.export', paidApplicant, 403],
  ['starter', 'applicant.export', freeApplicant, 'allow'],
  ['candidate', 'applicant.export', paidApplicant, 401],
  ['anonymous', 'applicant.export', paidApplicant, 401],
  ['writeKey', 'applicant.export', paidApplicant, 403],
  ['owner', 'integration.manage', undefined, 'allow'],
  ['grantedOwner', 'integration.manage', undefined, 403],
  ['basicOwner', 'integration.manage', undefined, 403],
  ['recruiter', 'integration.manage', undefined, 403],
  ['admin', 'integration.manage', undefined, 403],
  ['anonymous', 'integration.manage', undefined, 401],
  ['candidate', 'integration.manage', undefined, 401],
  ['writeKey', 'integration.manage', undefined, 403],
  // API keys act as their owner on jobs and applicants only; a read key only reads.
  ['readKey', 'api.request', { method: 'GET', keyRoute: true }, 'allow'],
  ['readKey', 'api.request', { method: 'HEAD', keyRoute: true }, 'allow'],
  ['readKey', 'api.request', { method: 'PUT', keyRoute: true }, 403],
  ['readKey', 'api.request', { method: 'POST', keyRoute: true }, 403],
  ['readKey', 'api.request', { method: 'DELETE', keyRoute: true }, 403],
  ['writeKey', 'api.request', { method: 'PUT', keyRoute: true }, 'allow'],
  ['owner', 'api.request', { method: 'DELETE', keyRoute: true }, 'allow'],
  ['anonymous', 'api.request', { method: 'POST', keyRoute: true }, 'allow'],
  ['writeKey', 'api.request', { method: 'GET', keyRoute: false }, 403],
  ['readKey', 'api.request', { method: 'GET', keyRoute: false }, 403],
  ['owner', 'api.request', { method: 'GET', keyRoute: false }, 'allow'],
  ['writeKey', 'backoffice.use', undefined, 'allow'],
  ['writeKey', 'job.write', jobA, 'allow'],
  ['readKey', 'job.read', jobA, 'allow'],
  ['writeKey', 'job.read', { orgId: ORG_B, jobId: 'job-b' }, 404],
  ['writeKey', 'backoffice.change', { openToReviewers: false }, 'allow'],
  ['writeKey', 'job.manageAccess', orgA, 403],
  ['writeKey', 'applicant.change', { ...paidApplicant, fields: ['status'] }, 'allow'],
  ['writeKey', 'admin.use', undefined, 403],
  ['adminOwnerKey', 'admin.use', undefined, 403],
  ['writeKey', 'team.manage', undefined, 403],
  ['writeKey', 'team.read', undefined, 403],
  ['writeKey', 'department.manage', undefined, 403],
  ['writeKey', 'user.manage', owner, 403],
  ['writeKey', 'user.read', owner, 403],
  ['basicWriteKey', 'job.read', jobA, 403],
  // Share links: whoever may open the applicant makes one, on a plan with
  // SHARE_LINKS; the organisation lists and revokes them; only a guest of an open link reads
  // through it, and only the applicants it names.
  ['recruiter', 'shareLink.create', paidApplicant, 'allow'],
  ['owner', 'shareLink.create', freeApplicant, 'allow'],
  ['basicOwner', 'shareLink.create', freeApplicant, 403],
  ['starter', 'shareLink.create', freeApplicant, 403],
  ['stranger', 'shareLink.create', paidApplicant, 404],
  ['admin', 'shareLink.create', paidApplicant, 404],
  ['adminViewingA', 'shareLink.create', paidApplicant, 'allow'],
  ['writeKey', 'shareLink.create', paidApplicant, 403],
  ['candidate', 'shareLink.create', paidApplicant, 401],
  ['guest', 'shareLink.create', paidApplicant, 401],
  ['anonymous', 'shareLink.create', paidApplicant, 401],
  ['recruiter', 'shareLink.manage', jobA, 'allow'],
  ['basicOwner', 'shareLink.manage', jobA, 'allow'],
  ['stranger', 'shareLink.manage', jobA, 404],
  ['writeKey', 'shareLink.manage', jobA, 403],
  ['guest', 'shareLink.manage', jobA, 401],
  ['guest', 'shareLink.open', { now: NOW }, 'allow'],
  ['guest', 'shareLink.open', { now: NOW, applicantId: 'app-a' }, 'allow'],
  ['guest', 'shareLink.open', { now: NOW, applicantId: 'app-b' }, 404],
  ['guest', 'shareLink.open', { now: new Date('2026-06-08T00:00:00Z') }, 410],
  ['revokedGuest', 'shareLink.open', { now: NOW, applicantId: 'app-a' }, 410],
  ['expiredGuest', 'shareLink.open', { now: NOW, applicantId: 'app-a' }, 410],
  ['recruiter', 'shareLink.open', { now: NOW, applicantId: 'app-a' }, 401],
  ['candidate', 'shareLink.open', { now: NOW, applicantId: 'app-a' }, 401],
  ['anonymous', 'shareLink.open', { now: NOW }, 401],
  // A guest is no staff: the back office and the candidate side stay closed.
  ['guest', 'backoffice.use', undefined, 401],
  ['guest', 'applicant.open', paidApplicant, 401],
  ['guest', 'applicant.rate', paidApplicant, 401],
  ['guest', 'interview.answer', { applicantId: 'app-a' }, 401],
];

describe('policies', () => {
  it.each(TABLE)('%s %s %j → %s', (actorName, action, resource, expected) => {
    const args = (resource === undefined ? [] : [resource]) as [];
    const decision = decide(ACTORS[actorName], action as 'backoffice.use', ...args);
    if (expected === 'allow') {
      expect(decision).toEqual({ allowed: true });
    } else {
      expect(decision.allowed).toBe(false);
      if (!decision.allowed) expect(STATUS[decision.error as keyof typeof STATUS]).toBe(expected);
    }
  });

  it('tells a revoked link from an expired one (revocation first)', () => {
    const revokedAndExpired = guestLink({
      revokedAt: new Date('2026-05-30T00:00:00Z'),
      expiresAt: new Date('2026-05-31T00:00:00Z'),
    });
    expect(
      decide({ kind: 'guest', link: revokedAndExpired }, 'shareLink.open', { now: NOW }),
    ).toMatchObject({
      error: 'SHARE_LINK_REVOKED_ERR',
    });
    expect(decide(ACTORS.expiredGuest, 'shareLink.open', { now: NOW })).toMatchObject({
      error: 'SHARE_LINK_EXPIRED_ERR',
    });
  });

  it('covers every action for every actor kind', () => {
    const actions = new Set(TABLE.map(([, action]) => action));
    const kinds = new Set(TABLE.map(([actor]) => ACTORS[actor].kind));
    expect([...kinds].sort()).toEqual(['admin', 'anonymous', 'candidate', 'guest', 'recruiter']);
    expect([...actions].sort()).toEqual([...ACTIONS].sort());
  });

  it("scopes an admin's view-as to the viewed user's organisation and plan", () => {
    const actor = staffActor(admin, starter);
    expect(actor).toMatchObject({
      kind: 'admin',
      id: 'starter',
      orgId: ORG_A,
      perm: PLANS.STARTER,
    });
    expect(actor.user.id).toBe('admin');
    // A recruiter cannot view as anyone: they stay themselves.
    expect(staffActor(full, stranger)).toMatchObject({ id: 'full', orgId: ORG_A, viewAs: null });
  });
});
