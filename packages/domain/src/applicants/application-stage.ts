import { z } from 'zod';
import { isoDateSchema } from '../common/date-schemas';
import { orgBrandSchema } from '../brand/brand.schemas';
import { APPLICANT_STATUS_CODES, type ApplicantStatusCode } from './applicant-status';

/**
 * The candidate status page: a candidate who submitted follows their application
 * through three stages. What each recruiter status shows is a per-job rule the
 * recruiter sees and changes in the job editor; notes, ratings and, unless the rule says so,
 * the status name itself never reach the candidate.
 */
export const APPLICATION_STAGES = ['received', 'review', 'decision'] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

/**
 * What one status shows: a stage, or the decision stage with the status's name
 * (`decisionShown`: "Offer sent", "Hired").
 */
export const STAGE_RULES = ['received', 'review', 'decision', 'decisionShown'] as const;
export type StageRule = (typeof STAGE_RULES)[number];

/** A job's rules, one per status code ('0'…'7'). */
export type StatusStages = Record<`${ApplicantStatusCode}`, StageRule>;

/**
 * The default rules: a new applicant's "need evaluation" is received; the evaluation statuses
 * in between are under review; a rejection ("not a fit", "not interested") is a decision whose
 * name stays hidden (the company tells the candidate itself); "offer sent" and "hired" are
 * decisions shown by name.
 */
export const DEFAULT_STATUS_STAGES: StatusStages = {
  0: 'received',
  1: 'decision',
  2: 'review',
  3: 'review',
  4: 'review',
  5: 'decisionShown',
  6: 'decision',
  7: 'decisionShown',
};

const stageRuleSchema = z.enum(STAGE_RULES);

/** A job's rules as the API answers them: every status has one. */
export const statusStagesSchema = z.object(
  Object.fromEntries(
    APPLICANT_STATUS_CODES.map((code) => [String(code), stageRuleSchema]),
  ) as Record<`${ApplicantStatusCode}`, typeof stageRuleSchema>,
);

/** The rules as a save sends them: any status left out takes its default. */
export const statusStagesInputSchema = z
  .object(
    Object.fromEntries(
      APPLICANT_STATUS_CODES.map((code) => [String(code), stageRuleSchema.optional()]),
    ) as Record<`${ApplicantStatusCode}`, z.ZodOptional<typeof stageRuleSchema>>,
  )
  .transform((stages) => resolveStatusStages(stages));

/** Fills the rules a job does not set with {@link DEFAULT_STATUS_STAGES}. */
export function resolveStatusStages(
  stored: Partial<Record<string, StageRule | undefined>> | null | undefined,
): StatusStages {
  const stages = { ...DEFAULT_STATUS_STAGES };
  for (const code of APPLICANT_STATUS_CODES) {
    const rule = stored?.[String(code)];
    if (rule && (STAGE_RULES as readonly string[]).includes(rule)) stages[`${code}`] = rule;
  }
  return stages;
}

/**
 * What the status page shows for an applicant's status under a job's rules: the stage, and the
 * status code only when the rule shows its name (null otherwise, so the page cannot leak it).
 * An unknown code counts as received.
 */
export function getApplicationStage(
  status: number,
  stages: StatusStages,
): { stage: ApplicationStage; statusCode: ApplicantStatusCode | null } {
  const code = (APPLICANT_STATUS_CODES as readonly number[]).includes(status)
    ? (status as ApplicantStatusCode)
    : 0;
  const rule = stages[`${code}`];
  if (rule === 'decisionShown') return { stage: 'decision', statusCode: code };
  return { stage: rule, statusCode: null };
}

/** A status page link's token: base64url of 24 bytes, like an invitation token. */
export const STATUS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/u;

/** `GET application-status?token=`. */
export const applicationStatusQuerySchema = z.object({
  token: z.string().regex(STATUS_TOKEN_PATTERN),
});

/** What the status page may know: the job, the company, the stage. No notes, ratings or names of hidden statuses. */
export const applicationStatusResponseSchema = z.object({
  jobTitle: z.string(),
  companyName: z.string(),
  logoUrl: z.string(),
  /** The organisation's brand, which the status page wears. */
  brand: orgBrandSchema.optional(),
  fName: z.string(),
  stage: z.enum(APPLICATION_STAGES),
  /** The status whose name the job's rule shows; null when hidden. */
  statusCode: z.number().int().nullable(),
  submittedAt: isoDateSchema,
});
export type ApplicationStatusResponse = z.infer<typeof applicationStatusResponseSchema>;

/** `POST applicant/{id}/status-link`: the private link of a submitted interview's status page. */
export const statusLinkResponseSchema = z.object({ url: z.string() });
export type StatusLinkResponse = z.infer<typeof statusLinkResponseSchema>;
