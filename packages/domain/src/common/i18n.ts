import { ANSWER_TYPE_I18N_EN } from '../permissions/answer-types';
import { PLAN_I18N_EN } from '../permissions/plans';
import { STATUS_I18N_EN } from '../applicants/applicant-status';
import { INTERVIEW_ERROR_I18N_EN } from '../interview/interview-errors';
import { VALIDATION_I18N_EN } from '../validation/validation-keys';
import { ALERT_I18N_EN } from './alerts';
import { DATE_FILTER_I18N_EN } from './dates';
import { EMPTY_STATE_I18N_EN } from './empty-states';
import { ERROR_KEYS, ERROR_MESSAGES_EN, errorI18nKey } from './errors';

/**
 * English text of every i18n key the domain hands to a UI, for the web app's en.json (and
 * as the source its he.json is translated from). Interpolations use i18next's `{{name}}`.
 * Spec wording is kept where the spec gives one.
 */
export const DOMAIN_I18N_DEFAULTS_EN: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(ERROR_KEYS.map((key) => [errorI18nKey(key), ERROR_MESSAGES_EN[key]])),
  ...VALIDATION_I18N_EN,
  ...STATUS_I18N_EN,
  ...ALERT_I18N_EN,
  ...EMPTY_STATE_I18N_EN,
  ...INTERVIEW_ERROR_I18N_EN,
  ...ANSWER_TYPE_I18N_EN,
  ...PLAN_I18N_EN,
  ...DATE_FILTER_I18N_EN,
});

/**
 * Every full dotted i18n key the domain produces (errors, validation, statuses, alerts,
 * entities, interview errors, device messages, empty states, answer types, plans, date
 * filters). The web app's i18n check asserts each exists in en.json and he.json.
 */
export const DOMAIN_I18N_KEYS: readonly string[] = Object.freeze(
  Object.keys(DOMAIN_I18N_DEFAULTS_EN),
);

/** Whether a key is one the domain produces. */
export function isDomainI18nKey(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(DOMAIN_I18N_DEFAULTS_EN, key);
}
