import { describe, expect, it } from 'vitest';
import * as domain from './index';

/**
 * The names other engineers code against (the package's public API). A rename or a missing
 * re-export fails here rather than in another workspace.
 */
const FUNCTIONS = [
  'errorI18nKey',
  'isErrorKey',
  'alertI18nKey',
  'entityI18nKey',
  'getStatusGroup',
  'statusLabelKey',
  'getStatusButtonKey',
  'canChangeStatus',
  'isValidStatusCode',
  'hasPermission',
  'isAdmin',
  'getAllowedAnswerTypes',
  'isAnswerTypeAllowed',
  'isApplicantFree',
  'defaultQuestion',
  'defaultJob',
  'defaultTemplateQuestion',
  'applyJobDefaults',
  'defaultTemplateTitle',
  'optionFallbackText',
  'sanitizeDigits',
  'rangeSchema',
  'validateCvFile',
  'cvStorageName',
  'validateImageFile',
  'parseBookmark',
  'bookmarkToSeconds',
  'isAnswerRuleAccepted',
  'trimInput',
  'makeRandomId',
  'getInitials',
  'getAvatarColor',
  'formatDate',
  'formatTime',
  'getTimeRatioState',
  'daysAgoToDate',
  'getPageCount',
  'getPaginationItems',
  'pageAfterRemoval',
  'getInterviewErrorAction',
  'isMediaReady',
] as const;

const SCHEMAS = [
  'apiErrorSchema',
  'userSchema',
  'miniUserSchema',
  'jobSchema',
  'questionSchema',
  'answerSchema',
  'applicantSchema',
  'noteSchema',
  'timelineEventSchema',
  'templateSchema',
  'accountSchema',
  'logRecordSchema',
  'activitySchema',
  'applicantFilterSchema',
  'recordFilterSchema',
  'activityFilterSchema',
  'mediaErrorSchema',
  'uploadedRecordingMetaSchema',
  'playerStateSchema',
  'requiredString',
  'emailSchema',
  'israeliPhoneSchema',
  'passwordSchema',
  'loginInputSchema',
  'signupInputSchema',
  'forgotPasswordEmailSchema',
  'newPasswordInputSchema',
  'profileInputSchema',
  'otpCodeSchema',
  'candidateDetailsSchema',
  'applicantEditSchema',
  'noteInputSchema',
  'templateInputSchema',
  'jobInputSchema',
] as const;

const VALUES = [
  'DOMAIN_I18N_KEYS',
  'DOMAIN_I18N_DEFAULTS_EN',
  'VALIDATION_KEYS',
  'ERROR_KEYS',
  'ERROR_STATUS',
  'ERROR_MESSAGES_EN',
  'ALERT_TYPES',
  'ALERT_ENTITIES',
  'APPLICANT_STATUS',
  'APPLICANT_STATUS_CODES',
  'STATUS_GROUPS',
  'PLANS',
  'FEATURES',
  'ROLES',
  'ANSWER_TYPES',
  'FREE_INTERVIEW_LIMIT',
  'INTERVIEW_ERROR_TYPES',
  'MIN_BROWSER_VERSIONS',
  'SUPPORTED_BROWSER_NAMES',
  'AVATAR_COLORS',
  'DEFAULT_SORTS',
  'BREAKPOINTS',
  'TOUCH',
  'LANGUAGES',
  'RTL_LANGUAGES',
  'PRODUCT_NAME',
] as const;

describe('public API (src/index.ts)', () => {
  it.each(FUNCTIONS.map((name) => [name]))('exports function %s', (name) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
  });

  it.each(SCHEMAS.map((name) => [name]))('exports zod schema %s', (name) => {
    const schema = (domain as Record<string, unknown>)[name] as { safeParse?: unknown };
    expect(typeof schema?.safeParse).toBe('function');
  });

  it.each(VALUES.map((name) => [name]))('exports %s', (name) => {
    expect((domain as Record<string, unknown>)[name]).toBeDefined();
  });
});
