import { z } from 'zod';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '../common/constants';
import { errorI18nKey } from '../common/errors';
import { isStorableText } from './storable-text';
import { VALIDATION_KEYS } from './validation-keys';

const REQUIRED = VALIDATION_KEYS.REQUIRED_VALIDATE;

/**
 * Deep-trims every string in a plain value (objects and arrays included), for forms that
 * submit several fields at once (inputs are trimmed). Other values pass through.
 */
export function trimInput<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map((item: unknown) => trimInput(item)) as T;
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = trimInput(item);
    return out as T;
  }
  return value;
}

/**
 * A format test that lets the empty string through, so an empty required field reports only
 * REQUIRED_VALIDATE. (Zod's `abort` would do the same but also stops every object-level check
 * of the enclosing form, hiding e.g. a password mismatch.)
 */
function unlessEmpty(pattern: RegExp): (value: string) => boolean {
  return (value) => value === '' || pattern.test(value);
}

/** A required text: trimmed, then non-empty (REQUIRED_VALIDATE, also when missing). */
export const requiredString = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .refine(isStorableText, { error: VALIDATION_KEYS.UNSTORABLE_TEXT_VALIDATE });

/** An optional text: trimmed when present. */
export const optionalString = z
  .string()
  .trim()
  .refine(isStorableText, { error: VALIDATION_KEYS.UNSTORABLE_TEXT_VALIDATE })
  .optional();

/**
 * The address pattern is zod's own (practical, ASCII) email pattern; kept in one place so
 * the required and optional email schemas cannot drift apart.
 */
const EMAIL_PATTERN = z.regexes.email;

/** Required email: trimmed, lower-cased (emails are lowercased before sending), valid. */
export const emailSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .toLowerCase()
  .refine(unlessEmpty(EMAIL_PATTERN), { error: VALIDATION_KEYS.EMAIL_VALIDATE });

/** Optional email: empty or missing passes; anything typed must be a valid email. */
export const optionalEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine(unlessEmpty(EMAIL_PATTERN), { error: VALIDATION_KEYS.EMAIL_VALIDATE })
  .optional();

/**
 * Israeli phone number: optional `+` and `972`, or a leading `0`; an optional dash;
 * then a landline area code (2, 3, 4, 8, 9) or a mobile/VoIP prefix (5x, 7x); an optional
 * dash; then a 7-digit subscriber number that does not start with 0, optionally split
 * 3-4 by a dash. Examples: 050-1234567, +972501234567, 972-50-1234567, 02-6251234.
 */
export const ISRAELI_PHONE_PATTERN = /^(?:\+?972-?|0)(?:[23489]|[57]\d)-?[1-9]\d{2}-?\d{4}$/u;

/** Required Israeli phone number (PHONE_VALIDATE). */
export const israeliPhoneSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .refine(unlessEmpty(ISRAELI_PHONE_PATTERN), { error: VALIDATION_KEYS.PHONE_VALIDATE });

/** Optional Israeli phone number: empty or missing passes. */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .refine(unlessEmpty(ISRAELI_PHONE_PATTERN), { error: VALIDATION_KEYS.PHONE_VALIDATE })
  .optional();

/**
 * Password rule: at least {@link PASSWORD_MIN_LENGTH} characters including a
 * digit, an upper-case and a lower-case letter; other characters are allowed.
 */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z]).{${PASSWORD_MIN_LENGTH},}$`,
  'u',
);

/** The message of a new password shorter than {@link PASSWORD_MIN_LENGTH} (an error text). */
export const PASSWORD_TOO_SHORT = errorI18nKey('PASSWORD_TOO_SHORT_ERR');

/**
 * A new password (signup, reset, change). Unlike other inputs it is not trimmed: a password
 * is a secret and silently changing it would surprise the user.
 */
export const passwordSchema = z
  .string({ error: REQUIRED })
  .min(1, { error: REQUIRED })
  // Too short says only that ("Password should be at least 6 characters long"), the first thing
  // to fix; a long enough one missing a digit or a case gets the whole rule.
  .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, {
    error: PASSWORD_TOO_SHORT,
  })
  .refine((value) => value.length < PASSWORD_MIN_LENGTH || PASSWORD_PATTERN.test(value), {
    error: VALIDATION_KEYS.PASSWORD_VALIDATE,
  });

/** A password being entered to log in: only required, since old passwords may predate the rule. */
export const loginPasswordSchema = z.string({ error: REQUIRED }).min(1, { error: REQUIRED });

/** Removes every non-digit, for code inputs that accept a pasted "123 456". */
export function sanitizeDigits(str: string): string {
  return str.replace(/\D+/gu, '');
}

/** A one-time code: exactly {@link OTP_LENGTH} digits (OTP_VALIDATE; REQUIRED when empty). */
export const otpCodeSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, { error: REQUIRED })
  .refine(unlessEmpty(new RegExp(`^\\d{${OTP_LENGTH}}$`, 'u')), {
    error: VALIDATION_KEYS.OTP_VALIDATE,
  });

/**
 * A number within [min, max] inclusive (OUT_OF_RANGE_VALIDATE). Accepts numbers or numeric
 * strings from inputs; empty or missing is REQUIRED_VALIDATE, non-numeric text is out of range.
 * With `integer`, fractions are out of range too.
 */
export function rangeSchema(min: number, max: number, options: { integer?: boolean } = {}) {
  const base = z.number({
    error: (issue) =>
      issue.input === undefined ? REQUIRED : VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE,
  });
  const bounded = base
    .min(min, { error: VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE })
    .max(max, { error: VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE });
  const checked = options.integer
    ? bounded.int({ error: VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE })
    : bounded;
  return z.preprocess((value) => {
    if (value === null || value === undefined) return undefined;
    if (typeof value === 'string') {
      const text = value.trim();
      return text === '' ? undefined : Number(text);
    }
    return value;
  }, checked);
}
