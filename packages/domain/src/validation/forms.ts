import { z } from 'zod';
import { PLAN_CODES, ROLE_VALUES, ROLES } from '../permissions/plans';
import { validateCvFile } from './files';
import { VALIDATION_KEYS } from './validation-keys';
import {
  emailSchema,
  israeliPhoneSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  optionalString,
  passwordSchema,
  requiredString,
} from './primitives';

/**
 * The candidate's details form: first and last name, a valid email, hometown and
 * a valid Israeli phone, all required. The CV is checked by validateCvFile.
 */
export const candidateDetailsSchema = z.object({
  fName: requiredString,
  lName: requiredString,
  email: emailSchema,
  hometown: requiredString,
  phone: israeliPhoneSchema,
});
export type CandidateDetails = z.infer<typeof candidateDetailsSchema>;

/** What {@link validateCvFile} reads of a browser `File`. */
export interface CvFileLike {
  name: string;
  type: string;
  size: number;
}

/**
 * The candidate's details form with its CV: {@link candidateDetailsSchema} plus `cv`,
 * checked by validateCvFile (required only when the job says so). The CV is checked on its own
 * field, so its message shows with the others on submit.
 */
export function candidateFormSchema(rule: { isCvRequired: boolean }) {
  return candidateDetailsSchema.extend({
    cv: z.custom<CvFileLike | null>().superRefine((file, ctx) => {
      const check = validateCvFile(file, rule);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.key });
    }),
  });
}

/** CV upload stays disabled until the candidate has typed both names. */
export function canUploadCv(details: { fName?: string | null; lName?: string | null }): boolean {
  return Boolean(details.fName?.trim()) && Boolean(details.lName?.trim());
}

/**
 * The recruiter's edit-applicant form: first name required; last name, email,
 * phone and hometown optional, with email and phone checked when filled.
 */
export const applicantEditSchema = z.object({
  fName: requiredString,
  lName: optionalString,
  email: optionalEmailSchema,
  phone: optionalPhoneSchema,
  hometown: optionalString,
});
export type ApplicantEditInput = z.infer<typeof applicantEditSchema>;

/** A note: trimmed, not empty; an optional `mm:ss` bookmark from parseBookmark. */
export const noteInputSchema = z.object({
  txt: requiredString,
  timeStamp: z
    .string()
    .regex(/^\d{2}:[0-5]\d$/u, { error: VALIDATION_KEYS.OUTSIDE_LIMITS })
    .optional(),
  /**
   * The question whose answer the bookmark points into (one of the job's questions). Without it
   * a bookmark belongs to the first question, as bookmarks written before questions were named do.
   */
  questId: z.string().min(1).max(100).optional(),
});
export type NoteInput = z.infer<typeof noteInputSchema>;

/**
 * Admin add/edit account form. The password is optional: when given (adding a user, or an
 * admin giving one) it follows the password rule.
 */
export const accountInputSchema = z.object({
  fName: requiredString,
  lName: optionalString,
  email: emailSchema,
  companyName: optionalString,
  perm: z
    .number({ error: VALIDATION_KEYS.REQUIRED_VALIDATE })
    .refine((code) => (PLAN_CODES as readonly number[]).includes(code), {
      error: VALIDATION_KEYS.INVALID_VALUE,
    }),
  role: z.enum(ROLE_VALUES, { error: VALIDATION_KEYS.INVALID_VALUE }).default(ROLES.USER),
  password: passwordSchema.optional(),
});
export type AccountInput = z.infer<typeof accountInputSchema>;
