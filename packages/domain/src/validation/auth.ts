import { z } from 'zod';
import { VALIDATION_KEYS } from './validation-keys';
import {
  emailSchema,
  loginPasswordSchema,
  optionalPhoneSchema,
  optionalString,
  otpCodeSchema,
  passwordSchema,
  requiredString,
} from './primitives';

/**
 * A check that a confirmation field repeats another: REQUIRED when empty, `mismatchKey` when
 * different. It runs even while other fields are invalid, so the form shows every error at
 * once rather than revealing the mismatch only after the rest is fixed.
 */
function confirmationCheck(field: string, confirmField: string, mismatchKey: string) {
  return z.superRefine<Record<string, unknown>>(
    (value, ctx) => {
      const confirmation = value[confirmField];
      if (typeof confirmation !== 'string') return;
      if (confirmation === '') {
        ctx.addIssue({
          code: 'custom',
          path: [confirmField],
          message: VALIDATION_KEYS.REQUIRED_VALIDATE,
        });
      } else if (confirmation !== value[field]) {
        ctx.addIssue({ code: 'custom', path: [confirmField], message: mismatchKey });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

/** Login form and `POST auth/login` body (email required and valid, password required). */
export const loginInputSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** `POST auth/signup` body: what the server receives, without the confirmation. */
export const signupRequestSchema = z.object({
  fName: requiredString,
  lName: requiredString,
  email: emailSchema,
  password: passwordSchema,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * Signup form: the request fields, the company name (the body leaves it optional for API
 * callers; the form asks it, since every job needs one and new jobs start from it) and a
 * confirmation that must equal the password; a mismatch is CONFIRM_PASSWORD_VALIDATE on
 * `confirmPassword`.
 */
export const signupInputSchema = signupRequestSchema
  .extend({
    companyName: requiredString,
    confirmPassword: z.string({ error: VALIDATION_KEYS.REQUIRED_VALIDATE }),
  })
  .check(
    confirmationCheck('password', 'confirmPassword', VALIDATION_KEYS.CONFIRM_PASSWORD_VALIDATE),
  );
export type SignupInput = z.infer<typeof signupInputSchema>;

/** Forgot-password step 0 and `POST auth/reset-password` body. */
export const forgotPasswordEmailSchema = z.object({ email: emailSchema });
export type ForgotPasswordEmail = z.infer<typeof forgotPasswordEmailSchema>;

/**
 * New-password form (reset step 2 and change password): the password rule, and a
 * confirmation that must match (PASS_NOT_MATCH_VALIDATE on `confirmPassword`).
 */
export const newPasswordInputSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string({ error: VALIDATION_KEYS.REQUIRED_VALIDATE }),
  })
  .check(confirmationCheck('password', 'confirmPassword', VALIDATION_KEYS.PASS_NOT_MATCH_VALIDATE));
export type NewPasswordInput = z.infer<typeof newPasswordInputSchema>;

/** `POST auth/login-otp` body. */
export const loginOtpInputSchema = z.object({ email: emailSchema, enteredCode: otpCodeSchema });
export type LoginOtpInput = z.infer<typeof loginOtpInputSchema>;

/** `PUT auth/verify-code` body (reset step 1). */
export const verifyCodeInputSchema = z.object({ enteredCode: otpCodeSchema });
export type VerifyCodeInput = z.infer<typeof verifyCodeInputSchema>;

/** `PUT auth/change-password` body when logged out: the email the code was sent to and the new password. */
export const changePasswordInputSchema = z.object({ email: emailSchema, password: passwordSchema });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** Profile form: first name, email and company name required. */
export const profileInputSchema = z.object({
  fName: requiredString,
  lName: optionalString,
  email: emailSchema,
  companyName: requiredString,
  phone: optionalPhoneSchema,
  address: optionalString,
  imgUrl: optionalString,
  logoUrl: optionalString,
});
export type ProfileInput = z.infer<typeof profileInputSchema>;
