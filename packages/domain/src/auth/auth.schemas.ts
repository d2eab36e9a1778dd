import { z } from 'zod';
import { ACCOUNT_PAGE_SIZE, DEFAULT_SORTS, LANGUAGES } from '../common/constants';
import type { SortOrder } from '../common/constants';
import { idSchema } from '../common/ids';
import { currPageSchema, itemsPerPageSchema } from '../common/pagination';
import { searchTextSchema } from '../common/query';
import { accountSchema, roleSchema, userSchema } from '../users/user.schemas';
import { DEFAULT_NOTIFICATION_PREFS, notificationPrefsSchema } from '../users/notifications';
import {
  changePasswordInputSchema,
  forgotPasswordEmailSchema,
  profileInputSchema,
  signupRequestSchema,
  verifyCodeInputSchema,
} from '../validation/auth';
import { accountInputSchema } from '../validation/forms';
import {
  emailSchema,
  optionalString,
  otpCodeSchema,
  passwordSchema,
} from '../validation/primitives';
import { VALIDATION_KEYS } from '../validation/validation-keys';

/**
 * Wire schemas of the auth and users calls ("Auth" and "Users") that the forms'
 * validators do not already describe: request bodies as the server receives them and the
 * replies it sends. The field rules themselves come from `validation/`.
 */

// ---------------------------------------------------------------------------
// Users on the wire
// ---------------------------------------------------------------------------

/** A user's language for emails and the UI (en or he). */
export const userLanguageSchema = z.enum(LANGUAGES);

/**
 * The logged-in user as the auth and users calls return it: the product's User plus the
 * language the user's emails are written in.
 */
export const sessionUserSchema = userSchema.extend({
  language: userLanguageSchema.default('en'),
  /** Which submitted interviews the user hears about by e-mail, and how. */
  notifications: notificationPrefsSchema.default(DEFAULT_NOTIFICATION_PREFS),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Answer of signup, login (password, Google, OTP) and email verification by link. */
export const sessionResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** An empty JSON object: the answer of calls whose answer the spec leaves unshown. */
export const emptyReplySchema = z.object({});
export type EmptyReply = z.infer<typeof emptyReplySchema>;

// ---------------------------------------------------------------------------
// Auth requests
// ---------------------------------------------------------------------------

/**
 * `POST auth/signup`: the signup fields, plus the UI language (the emails' language) and an
 * optional company name (it names the new organisation).
 */
export const signupBodySchema = signupRequestSchema.extend({
  lang: userLanguageSchema.optional(),
  companyName: optionalString,
});
export type SignupBody = z.infer<typeof signupBodySchema>;

/**
 * `POST auth/login` as received: both fields optional on the wire, so that a missing one is
 * answered with EMAIL_PASSWORD_MISSING_ERR rather than a generic validation error.
 * The form itself validates with `loginInputSchema`.
 */
export const loginBodySchema = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** `POST auth/login-google`: the Google ID token from the sign-in button. */
export const googleLoginBodySchema = z.object({
  idToken: z.string().trim().min(1, { error: VALIDATION_KEYS.REQUIRED_VALIDATE }),
  lang: userLanguageSchema.optional(),
});
export type GoogleLoginBody = z.infer<typeof googleLoginBodySchema>;

/** Answer of `GET auth/config`: what the login page needs to offer Google sign-in. */
export const authConfigResponseSchema = z.object({ googleClientId: z.string().nullable() });
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;

/** `POST auth/send-otp` and `POST auth/reset-password`: the account's email. */
export const sendCodeBodySchema = forgotPasswordEmailSchema;
export type SendCodeBody = z.infer<typeof sendCodeBodySchema>;

/**
 * `PUT auth/verify-code`: logged in, the email-verification code; with `email` (logged out,
 * forgot-password step 1), the password-reset code sent to that email.
 */
export const verifyCodeBodySchema = verifyCodeInputSchema.extend({
  email: emailSchema.optional(),
});
export type VerifyCodeBody = z.infer<typeof verifyCodeBodySchema>;

/** Answer of `PUT auth/verify-code` (and `POST user/verify-applicant`). */
export const verifyCodeResponseSchema = z.object({
  isVerified: z.boolean(),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  user: sessionUserSchema.optional(),
});
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>;

/**
 * `PUT auth/change-password` when logged out (forgot-password step 2): the email, the new
 * password and the reset code the user entered in step 1, which this call consumes.
 */
export const resetPasswordBodySchema = changePasswordInputSchema.extend({ code: otpCodeSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** `PUT auth/verify-email`: the token of the verification link (`/verify-email?token=…`). */
export const verifyEmailBodySchema = z.object({
  code: z.string().trim().min(1, { error: VALIDATION_KEYS.REQUIRED_VALIDATE }),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

/** `POST auth/token`. */
export const refreshTokenBodySchema = z.object({ refreshToken: z.string().min(1) });
export type RefreshTokenBody = z.infer<typeof refreshTokenBodySchema>;

/** `POST auth/logout`: the refresh token whose session ends (the spec sends none; optional). */
export const logoutBodySchema = z.object({ refreshToken: z.string().optional() });
export type LogoutBody = z.infer<typeof logoutBodySchema>;

// ---------------------------------------------------------------------------
// Users requests
// ---------------------------------------------------------------------------

/**
 * `PUT user/ {user}`: the fields to change. Without `_id` the logged-in user is updated.
 * Each field given follows the profile rule (company name may be left empty here: the
 * profile form requires it, but other screens send the whole user back); `role`, `perm` and `advancedPrm` may only be
 * changed by an admin. Other fields a client echoes back (lastLogin, emailVerified, …) are
 * ignored.
 */
export const userUpdateBodySchema = z.object({
  user: z.object({
    _id: idSchema.optional(),
    fName: profileInputSchema.shape.fName.optional(),
    lName: optionalString,
    email: profileInputSchema.shape.email.optional(),
    phone: profileInputSchema.shape.phone,
    address: optionalString,
    companyName: optionalString,
    imgUrl: optionalString,
    logoUrl: optionalString,
    language: userLanguageSchema.optional(),
    notifications: notificationPrefsSchema.optional(),
    role: roleSchema.optional(),
    perm: accountInputSchema.shape.perm.optional(),
    advancedPrm: z.record(z.string(), z.boolean()).optional(),
  }),
});
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

/**
 * `POST user/` (admin adds an account): the account form, an optional organisation to add
 * the user to (a new organisation otherwise) and the language of the user's emails.
 */
export const createUserBodySchema = accountInputSchema.extend({
  companyId: idSchema.optional(),
  language: userLanguageSchema.optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** `POST user/verify-email` and `POST user/verify-email-code`: the user to send it to. */
export const userRefBodySchema = z.object({ user: z.object({ _id: idSchema }) });
export type UserRefBody = z.infer<typeof userRefBodySchema>;

/** `POST user/verify-applicant`: a user's email-verification code. */
export const verifyApplicantBodySchema = z.object({ userId: idSchema, code: otpCodeSchema });
export type VerifyApplicantBody = z.infer<typeof verifyApplicantBodySchema>;

/** `PUT user/password/{id}`: the new password (password rule) and, redundantly, the user id. */
export const userPasswordBodySchema = z.object({
  newPassword: passwordSchema,
  userId: idSchema.optional(),
});
export type UserPasswordBody = z.infer<typeof userPasswordBodySchema>;

/** Account list columns that can be sorted on (account overview). */
export const ACCOUNT_SORT_FIELDS = [
  'fName',
  'lName',
  'email',
  'lastLogin',
  'interviewCount',
  'perm',
  'role',
  'companyName',
] as const;
export type AccountSortField = (typeof ACCOUNT_SORT_FIELDS)[number];

export interface AccountSort {
  field: AccountSortField;
  order: SortOrder;
}

const DEFAULT_ACCOUNT_SORT = `${DEFAULT_SORTS.accounts.field}:${DEFAULT_SORTS.accounts.order}`;

/**
 * An account-list sort in the query string as `field:order` (`lastLogin:desc`); a bare field
 * sorts ascending. Defaults to the product's fName descending.
 */
export const accountSortSchema = z
  .string()
  .trim()
  .default(DEFAULT_ACCOUNT_SORT)
  .transform((value, ctx): AccountSort => {
    const [field = '', order = 'asc'] = (value || DEFAULT_ACCOUNT_SORT).split(':');
    if (
      !(ACCOUNT_SORT_FIELDS as readonly string[]).includes(field) ||
      (order !== 'asc' && order !== 'desc')
    ) {
      ctx.addIssue({ code: 'custom', message: VALIDATION_KEYS.INVALID_VALUE });
      return z.NEVER;
    }
    return { field: field as AccountSortField, order };
  });

/** `GET user/query`: the admin account list filter, 1-based pages. */
export const accountListQuerySchema = z.object({
  txt: searchTextSchema,
  currPage: currPageSchema,
  itemsPerPage: itemsPerPageSchema(ACCOUNT_PAGE_SIZE),
  sort: accountSortSchema,
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

/** Answer of `GET user/query`. */
export const accountListResponseSchema = z.object({
  accounts: z.array(accountSchema),
  pageCount: z.number().int().min(0),
  filteredAccountCount: z.number().int().min(0),
  /** The count stopped at LIST_COUNT_CAP: there are more (the UI shows "10,000+"). */
  filteredAccountCountCapped: z.boolean().optional(),
  totalAccountCount: z.number().int().min(0),
  /** The count stopped at LIST_COUNT_CAP: there are more. */
  totalAccountCountCapped: z.boolean().optional(),
});
export type AccountListResponse = z.infer<typeof accountListResponseSchema>;

// ---------------------------------------------------------------------------
// Profile images
// ---------------------------------------------------------------------------

/**
 * Image types accepted for avatars and logos. SVG is left out on purpose: it can carry
 * script, and these images are shown on the public invitation page.
 */
export const PROFILE_IMAGE_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
] as const;
export type ProfileImageMimeType = (typeof PROFILE_IMAGE_MIME_TYPES)[number];

/** What a profile image is for. */
export const PROFILE_IMAGE_KINDS = ['avatar', 'logo'] as const;
export const profileImageQuerySchema = z.object({ kind: z.enum(PROFILE_IMAGE_KINDS) });
export type ProfileImageQuery = z.infer<typeof profileImageQuerySchema>;

/** Answer of `POST upload/image`: a stable app URL for imgUrl/logoUrl, and the storage key. */
export const uploadedImageResponseSchema = z.object({ url: z.string(), key: z.string() });
export type UploadedImageResponse = z.infer<typeof uploadedImageResponseSchema>;
