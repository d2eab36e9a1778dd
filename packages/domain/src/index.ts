/**
 * @candid/domain — Candid's product rules shared by the server and the web app: entities,
 * statuses, plans and permissions, validators and message keys, error and alert keys,
 * constants, filters and paging. No I/O; imports only zod.
 */

export * from './common/constants';
export * from './common/errors';
export * from './common/alerts';
export * from './common/archive';
export * from './common/avatar';
export * from './common/dates';
export * from './common/date-schemas';
export * from './common/empty-states';
export * from './common/i18n';
export * from './common/ids';
export * from './common/languages';
export * from './common/default-texts';
export * from './common/pagination';
export * from './common/query';

export * from './permissions/plans';
export * from './permissions/answer-types';
export * from './permissions/free-interviews';

export * from './users/user.schemas';

export * from './jobs/answer-rule';
export * from './jobs/question.schemas';
export * from './jobs/question.rules';
export * from './jobs/question-scoring';
export * from './jobs/job.schemas';
export * from './jobs/job.rules';
export * from './jobs/closing-date';
export * from './jobs/scorecard';

export * from './applicants/applicant-status';
export * from './applicants/applicant.schemas';
export * from './applicants/applicant.rules';
export * from './applicants/applicant-filter';
export * from './applicants/application-stage';
export * from './applicants/retention';
export * from './applicants/consent';

export * from './templates/template.schemas';
export * from './templates/template.rules';

export * from './records/record.schemas';
export * from './records/log-limits';
export * from './records/activity.schemas';

export * from './interview/interview-errors';
export * from './interview/media';
export * from './interview/timer';
export * from './interview/question-clock';
export * from './interview/player';
export * from './interview/browser-support';
export * from './interview/recording';
export * from './interview/media-check.schemas';

export * from './validation/validation-keys';
export * from './validation/primitives';
export * from './validation/storable-text';
export * from './validation/auth';
export * from './validation/forms';
export * from './validation/files';
export * from './validation/bookmark';
export * from './validation/job-input';
export * from './validation/template-input';
export * from './validation/rich-text';

export * from './auth/auth.schemas';
export * from './users/org-roles';
export * from './users/team.schemas';
export * from './users/notifications';
export * from './brand/colour';
export * from './brand/brand.schemas';

export * from './jobs/job-api.schemas';
export * from './jobs/job-access.schemas';
export * from './jobs/cover-search.schemas';
export * from './jobs/cover-sources';
export * from './templates/template-api.schemas';
export * from './applicants/candidate-api.schemas';
export * from './applicants/review-api.schemas';
export * from './applicants/share-link.schemas';
export * from './invitations/invitation-limits';
export * from './invitations/invitation.schemas';
export * from './accommodations/accommodation.schemas';
export * from './accommodations/accommodation.rules';
export * from './integrations/integration.schemas';

export * from './insights/insight.rules';
export * from './insights/insights.schemas';

export * from './questions/question-library.schemas';
export * from './questions/question-bank';
