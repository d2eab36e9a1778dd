import { describe, expect, it } from 'vitest';
import {
  STATUS_BUTTON_KEYS,
  STATUS_GROUPS,
  APPLICANT_STATUS_CODES,
  statusLabelKey,
} from '../applicants/applicant-status';
import {
  DEVICE_MESSAGES,
  INTERVIEW_ERROR_TYPE_NAMES,
  interviewErrorActionKey,
  interviewErrorTextKey,
  interviewErrorTitleKey,
} from '../interview/interview-errors';
import { createMediaError } from '../interview/media';
import { ANSWER_TYPES, answerTypeLabelKey } from '../permissions/answer-types';
import { PLAN_CODES, planLabelKey } from '../permissions/plans';
import { VALIDATION_KEYS } from '../validation/validation-keys';
import * as auth from '../validation/auth';
import * as forms from '../validation/forms';
import { jobInputSchema, getJobErrorSummaryKey } from '../validation/job-input';
import { templateInputSchema } from '../validation/template-input';
import { validateCvFile, validateImageFile } from '../validation/files';
import { parseBookmark } from '../validation/bookmark';
import { ALERT_ENTITIES, ALERT_KEYS, ALERT_TYPES, alertI18nKey, entityI18nKey } from './alerts';
import { DATE_FILTER_DAYS } from './constants';
import { dateFilterLabelKey } from './dates';
import { EMPTY_STATE_KEYS } from './empty-states';
import { ERROR_KEYS, errorI18nKey } from './errors';
import { DOMAIN_I18N_DEFAULTS_EN, DOMAIN_I18N_KEYS, isDomainI18nKey } from './i18n';
import type { z } from 'zod';

describe('DOMAIN_I18N_KEYS', () => {
  it('are unique dotted keys, each with English text', () => {
    expect(new Set(DOMAIN_I18N_KEYS).size).toBe(DOMAIN_I18N_KEYS.length);
    expect([...DOMAIN_I18N_KEYS].sort()).toEqual(Object.keys(DOMAIN_I18N_DEFAULTS_EN).sort());
    for (const key of DOMAIN_I18N_KEYS) {
      expect(key).toMatch(/^[A-Za-z]+(\.[A-Za-z0-9_]+)+$/u);
      expect(DOMAIN_I18N_DEFAULTS_EN[key]?.trim()).toBeTruthy();
    }
  });

  const produced: [string, string[]][] = [
    ['errors', ERROR_KEYS.map(errorI18nKey)],
    ['validation', Object.values(VALIDATION_KEYS)],
    ['statuses', APPLICANT_STATUS_CODES.map(statusLabelKey)],
    ['status groups', STATUS_GROUPS.map((g) => g.labelKey)],
    ['status buttons', Object.values(STATUS_BUTTON_KEYS)],
    ['alerts', ALERT_TYPES.map(alertI18nKey)],
    ['entities', ALERT_ENTITIES.map(entityI18nKey)],
    ['other alerts', Object.values(ALERT_KEYS)],
    ['interview error titles', INTERVIEW_ERROR_TYPE_NAMES.map(interviewErrorTitleKey)],
    ['interview error texts', INTERVIEW_ERROR_TYPE_NAMES.map(interviewErrorTextKey)],
    [
      'interview error actions',
      (['reloadCamera', 'tryAgain', 'shareScreen', 'reload'] as const).map(interviewErrorActionKey),
    ],
    ['device messages', Object.values(DEVICE_MESSAGES)],
    ['empty states', Object.values(EMPTY_STATE_KEYS)],
    ['answer types', ANSWER_TYPES.map(answerTypeLabelKey)],
    ['plans', [...PLAN_CODES.map(planLabelKey), planLabelKey(-1)]],
    ['date filters', DATE_FILTER_DAYS.map(dateFilterLabelKey)],
  ];

  it.each(produced)('include every %s key', (_area, keys) => {
    for (const key of keys) expect(isDomainI18nKey(key), key).toBe(true);
  });

  it('include the keys named in the brief', () => {
    for (const key of [
      'validation.REQUIRED_VALIDATE',
      'validation.EMAIL_VALIDATE',
      'validation.PHONE_VALIDATE',
      'validation.PASSWORD_VALIDATE',
      'validation.CONFIRM_PASSWORD_VALIDATE',
      'validation.PASS_NOT_MATCH_VALIDATE',
      'validation.OUT_OF_RANGE_VALIDATE',
      'validation.CV_FORMAT_VALIDATE',
      'validation.FILE_TOO_LARGE',
      'validation.OUTSIDE_LIMITS',
      'validation.REQUIRED_FIELDS_MISSING',
      'validation.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES',
      'status.0',
      'status.7',
      'statusGroup.evaluation',
      'statusGroup.recruitment',
      'status.incompleteInterview',
      'status.inProgress',
      'alerts.noPermission',
      'alerts.copied',
      'alerts.interviewDone',
      'empty.noJobToShow',
      'empty.noApplicantToShow',
      'empty.noTemplateToShow',
      'empty.noExactMatches',
    ]) {
      expect(DOMAIN_I18N_KEYS, key).toContain(key);
    }
  });

  it.each([
    ['validation.REQUIRED_VALIDATE', 'This field is required'],
    ['validation.EMAIL_VALIDATE', 'Please enter a valid email'],
    ['validation.PHONE_VALIDATE', 'Please enter a valid phone number'],
    [
      'validation.PASSWORD_VALIDATE',
      'The password must include at least 6 characters, number, both upper and lower case letters',
    ],
    ['validation.CONFIRM_PASSWORD_VALIDATE', 'The passwords do not match'],
    ['validation.PASS_NOT_MATCH_VALIDATE', 'The new passwords do not match'],
    ['validation.OUT_OF_RANGE_VALIDATE', 'The number must be within range'],
    [
      'validation.CV_FORMAT_VALIDATE',
      'Please upload an acceptable document format (DOC, DOCX, PDF)',
    ],
    ['validation.FILE_TOO_LARGE', 'File size is too large'],
    ['validation.REQUIRED_FIELDS_MISSING', 'Required fields missing'],
    [
      'validation.ANSWER_TYPE_NOT_ON_MULTIPLE_TRIES',
      'This answer type is not available on multiple tries',
    ],
    ['validation.CV_HINT', 'DOC, DOCX, PDF (5MB)'],
    ['errors.INVALID_CREDENTIALS_ERR', 'Invalid email or password'],
    ['errors.EMAIL_TAKEN_ERR', 'Email address is already taken'],
    ['alerts.noPermission', 'You dont have enough permissions to complete this action'],
  ])('%s reads the spec wording', (key, text) => {
    expect(DOMAIN_I18N_DEFAULTS_EN[key]).toBe(text);
  });

  it('alert texts interpolate only {{entity}}', () => {
    for (const [key, text] of Object.entries(DOMAIN_I18N_DEFAULTS_EN)) {
      const names = [...text.matchAll(/\{\{(\w+)\}\}/gu)].map((m) => m[1]);
      if (key.startsWith('alerts.') && !Object.values(ALERT_KEYS).includes(key as never)) {
        expect(names, key).toEqual(['entity']);
      } else {
        expect(names, key).toEqual([]);
      }
    }
  });
});

describe('every message a validator produces is a domain i18n key', () => {
  const messages = (schema: z.ZodType, input: unknown) =>
    schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

  const cases: [string, z.ZodType, unknown][] = [
    ['login empty', auth.loginInputSchema, {}],
    ['login bad', auth.loginInputSchema, { email: 'x', password: 1 }],
    ['signup empty', auth.signupInputSchema, {}],
    [
      'signup bad',
      auth.signupInputSchema,
      { fName: '', lName: 3, email: 'x', password: 'abc', confirmPassword: 'b' },
    ],
    ['new password', auth.newPasswordInputSchema, { password: 'a', confirmPassword: 'b' }],
    ['otp', auth.loginOtpInputSchema, { email: '', enteredCode: 'x' }],
    ['profile', auth.profileInputSchema, { phone: 'x' }],
    ['candidate', forms.candidateDetailsSchema, { email: 'x', phone: 'y' }],
    ['applicant edit', forms.applicantEditSchema, { email: 'x', phone: 'y' }],
    ['note', forms.noteInputSchema, { txt: '', timeStamp: '9' }],
    ['account', forms.accountInputSchema, { perm: 'x', role: 'root', password: 'x' }],
    [
      'job empty',
      jobInputSchema,
      { info: {}, company: {}, rule: { isCvRequired: false, isOneTry: false }, quests: [] },
    ],
    [
      'job questions',
      jobInputSchema,
      {
        info: { title: '' },
        company: { name: '' },
        rule: { isCvRequired: false, isOneTry: false },
        quests: [
          {
            id: '',
            txt: '',
            ansRule: {
              isVidAns: false,
              isScreenAns: true,
              isTxtAns: true,
              isImgAns: false,
              isCodeAns: false,
              isMultiChoiceAns: true,
            },
            timeLimit: 'x',
          },
        ],
      },
    ],
    [
      'template',
      templateInputSchema,
      {
        title: '',
        quests: [
          {
            id: 'q',
            txt: '',
            ansRule: {
              isVidAns: false,
              isScreenAns: false,
              isTxtAns: false,
              isImgAns: true,
              isCodeAns: false,
            },
            timeLimit: 99,
          },
        ],
      },
    ],
  ];

  it.each(cases)('%s', (_name, schema, input) => {
    const produced = messages(schema, input);
    const unknown = produced.filter((message) => !isDomainI18nKey(message));
    // Only the "expected object/boolean" type errors of malformed payloads may use zod's
    // own wording; every field a user fills in must speak in i18n keys.
    for (const message of unknown) expect(message).toMatch(/^Invalid input/u);
    expect(produced.some((message) => isDomainI18nKey(message))).toBe(true);
  });

  it('file, bookmark, job summary and media error results are domain keys', () => {
    const results = [
      validateCvFile(null, { isCvRequired: true }),
      validateCvFile({ name: 'x.png', type: 'image/png', size: 1 }, { isCvRequired: true }),
      validateCvFile({ name: 'x.pdf', type: 'application/pdf', size: 9e9 }, { isCvRequired: true }),
      validateImageFile({ type: 'text/plain', size: 1 }),
      validateImageFile({ type: 'image/png', size: 9e9 }),
      parseBookmark('9', '99', 10),
    ];
    for (const result of results) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(isDomainI18nKey(result.key)).toBe(true);
    }
    expect(isDomainI18nKey(getJobErrorSummaryKey({}) ?? '')).toBe(true);
    for (const type of INTERVIEW_ERROR_TYPE_NAMES) {
      const error = createMediaError(type, 'Safari');
      expect(isDomainI18nKey(error.description)).toBe(true);
      if (error.reloadText) expect(isDomainI18nKey(error.reloadText)).toBe(true);
    }
  });
});
