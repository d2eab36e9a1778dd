import { z } from 'zod';
import { isoDateSchema } from '../common/date-schemas';
import { idSchema } from '../common/ids';
import { DEFAULT_PLAN, ROLE_VALUES, ROLES } from '../permissions/plans';

/** A cover image: the regular URL and an optional small one for thumbnails. */
export const coverImageSchema = z.object({
  url: z.string(),
  smallUrl: z.string().optional(),
});
export type CoverImage = z.infer<typeof coverImageSchema>;

/** A role value. */
export const roleSchema = z.enum(ROLE_VALUES);

/** A recruiter or admin as the API returns them. Never carries the password. */
export const userSchema = z.object({
  _id: idSchema,
  fName: z.string(),
  lName: z.string().default(''),
  email: z.string(),
  phone: z.string().optional(),
  address: z.string().optional(),
  imgUrl: z.string().optional(),
  companyName: z.string().default(''),
  /** The organisation the user belongs to; colleagues share jobs, templates and applicants. */
  companyId: z.string().nullable().optional(),
  logoUrl: z.string().optional(),
  coverUrls: z.array(coverImageSchema).default([]),
  role: roleSchema.default(ROLES.USER),
  /** Owner, recruiter or reviewer of their organisation (see ORG_ROLES in team.schemas). */
  orgRole: z.enum(['owner', 'recruiter', 'reviewer']).optional(),
  lastLogin: isoDateSchema.nullable().default(null),
  /** Plan level code (see PLANS); all-features for a new user. */
  perm: z.number().int().default(DEFAULT_PLAN),
  /** Per-user feature grants by feature name, on top of the plan. */
  advancedPrm: z.record(z.string(), z.boolean()).default({}),
  emailVerified: z.boolean().default(false),
});
export type User = z.infer<typeof userSchema>;

/** The short form of a user embedded in jobs, notes and activities. */
export const miniUserSchema = z.object({
  _id: idSchema,
  fName: z.string(),
  lName: z.string().default(''),
  companyId: z.string().nullable().optional(),
  imgUrl: z.string().nullable().optional(),
  email: z.string().optional(),
});
export type MiniUser = z.infer<typeof miniUserSchema>;

/** A row of the admin accounts table. */
export const accountSchema = z.object({
  _id: idSchema,
  fName: z.string(),
  lName: z.string().default(''),
  email: z.string(),
  lastLogin: isoDateSchema.nullable().default(null),
  interviewCount: z.number().int().min(0).default(0),
  perm: z.number().int(),
  role: roleSchema,
  companyName: z.string().default(''),
});
export type Account = z.infer<typeof accountSchema>;

/** Answer of signup, login, OTP login and email verification. */
export const authResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** Answer of `POST auth/token`. */
export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/**
 * What deleting an account does to its work (answer of `GET user/{id}/deletion`, admin): with
 * colleagues left in the organisation, its jobs (and their applicants) and templates go to the
 * successor; as the organisation's last member, the organisation goes with it, with every job,
 * applicant and template in it. Nothing is left without an owner.
 */
export const accountDeletionSchema = z.object({
  outcome: z.enum(['transfer', 'delete']),
  jobCount: z.number().int().min(0),
  applicantCount: z.number().int().min(0),
  /** Who receives the jobs and templates (outcome "transfer"). */
  successor: miniUserSchema.nullable(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
