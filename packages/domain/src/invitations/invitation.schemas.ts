import { z } from 'zod';
import { LANGUAGES } from '../common/constants';
import { emailSchema, optionalPhoneSchema, requiredString } from '../validation/primitives';
import { isStorableText } from '../validation/storable-text';
import { VALIDATION_KEYS, type ValidationKey } from '../validation/validation-keys';
import {
  INVITATION_TOKEN_PATTERN,
  MAX_INVITATION_MESSAGE_CHARS,
  MAX_INVITATION_SUBJECT_CHARS,
  MAX_INVITATIONS_PER_CALL,
} from './invitation-limits';

/** One person to invite: a first name and an address; last name and phone are optional. */
export const invitationRowSchema = z.object({
  fName: requiredString,
  lName: z
    .string()
    .trim()
    .refine(isStorableText, { error: VALIDATION_KEYS.UNSTORABLE_TEXT_VALIDATE })
    .default(''),
  email: emailSchema,
  phone: optionalPhoneSchema.default(''),
});
export type InvitationRow = z.infer<typeof invitationRowSchema>;

const storableText = (max: number) =>
  requiredString.pipe(z.string().max(max, { error: VALIDATION_KEYS.OUTSIDE_LIMITS }));

/**
 * `POST job/{id}/invitations`: the people, and the e-mail in the recruiter's words (its subject
 * and message as plain text; the personal link is added below the message) and language.
 * All or nothing: one bad row (malformed, twice in the list, or already an applicant of the
 * job) refuses the whole call with an issue naming that row.
 */
export const sendInvitationsBodySchema = z
  .object({
    rows: z.array(invitationRowSchema).min(1).max(MAX_INVITATIONS_PER_CALL),
    subject: storableText(MAX_INVITATION_SUBJECT_CHARS),
    message: storableText(MAX_INVITATION_MESSAGE_CHARS),
    language: z.enum(LANGUAGES),
    /** Remind, once, whoever has not finished {@link INVITATION_REMINDER_AFTER_MS} later. */
    remind: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    for (const index of duplicateRowIndexes(body.rows)) {
      ctx.addIssue({
        code: 'custom',
        path: ['rows', index, 'email'],
        message: VALIDATION_KEYS.DUPLICATE_EMAIL_VALIDATE,
      });
    }
  });
export type SendInvitationsBody = z.infer<typeof sendInvitationsBodySchema>;

export const sendInvitationsResponseSchema = z.object({
  /** The invited applicants, in the order of the rows. */
  invited: z.array(z.object({ id: z.string(), email: z.string() })),
});
export type SendInvitationsResponse = z.infer<typeof sendInvitationsResponseSchema>;

/** `GET invitation?token=`: who was invited to which job, to pre-fill the details form. */
export const invitationQuerySchema = z.object({
  token: z.string().regex(INVITATION_TOKEN_PATTERN, { error: VALIDATION_KEYS.INVALID_VALUE }),
});
export const invitationResponseSchema = z.object({
  jobId: z.string(),
  info: z.object({ fName: z.string(), lName: z.string(), email: z.string(), phone: z.string() }),
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

/**
 * Indexes of rows whose address (compared lower-cased and trimmed) appeared in an earlier row:
 * the second and later mentions are the ones reported.
 */
export function duplicateRowIndexes(rows: readonly { email: string }[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  rows.forEach((row, index) => {
    const email = row.email.trim().toLowerCase();
    if (seen.has(email)) duplicates.push(index);
    seen.add(email);
  });
  return duplicates;
}

/** Why a line of the list would be refused: each field's problem (a validation key). */
export type InvitationRowProblems = Partial<Record<keyof InvitationRow, ValidationKey>>;

/**
 * The lines of a list the server would refuse, found before anything is sent: each row's own
 * checks (first name, a valid address, a valid phone) and an address already on an earlier
 * line that is kept. Index → problems; a row not in the map is kept. Sending only the kept rows
 * passes the list checks of sendInvitationsBodySchema.
 */
export function getInvitationRowProblems(
  rows: readonly z.input<typeof invitationRowSchema>[],
): Map<number, InvitationRowProblems> {
  const problems = new Map<number, InvitationRowProblems>();
  const keptEmails = new Set<string>();
  rows.forEach((row, index) => {
    const result = invitationRowSchema.safeParse(row);
    if (!result.success) {
      const rowProblems: InvitationRowProblems = {};
      for (const issue of result.error.issues) {
        const field = issue.path[0] as keyof InvitationRow;
        rowProblems[field] ??= issue.message as ValidationKey;
      }
      problems.set(index, rowProblems);
      return;
    }
    if (keptEmails.has(result.data.email)) {
      problems.set(index, { email: VALIDATION_KEYS.DUPLICATE_EMAIL_VALIDATE });
      return;
    }
    keptEmails.add(result.data.email);
  });
  return problems;
}
