/**
 * The forgot-password steps ("Auth flows"):
 * 0 enter the email and choose "reset my password" or "send me a one-time code";
 * 1 enter the 6-digit reset code, 2 choose the new password (then Login);
 * 3 enter the 6-digit login code (which logs in).
 * `?isChangePass=true` starts at step 2 for a logged-in user, who changes their password
 * without a code (`PUT user/password/{id}`, then UserMgmt).
 */
export const FORGOT_STEPS = {
  EMAIL: 0,
  RESET_CODE: 1,
  NEW_PASSWORD: 2,
  LOGIN_CODE: 3,
} as const;
export type ForgotStep = (typeof FORGOT_STEPS)[keyof typeof FORGOT_STEPS];

export interface ForgotPasswordState {
  step: ForgotStep;
  /** 'reset': the logged-out flow with a code; 'change': a logged-in user's change. */
  mode: 'reset' | 'change';
  /** The email the codes were sent to (lower-cased by the domain's schema). */
  email: string;
  /** The reset code checked in step 1, sent again with the new password in step 2. */
  code: string;
}

export type ForgotPasswordAction =
  | { type: 'resetCodeSent'; email: string }
  | { type: 'loginCodeSent'; email: string }
  | { type: 'resetCodeChecked'; code: string }
  | { type: 'changeEmail' };

/** Whether `?isChangePass=…` asks for the change step ("true", "1" or a bare flag). */
export function isChangePassFlag(value: string | null): boolean {
  return value !== null && value !== 'false' && value !== '0';
}

/**
 * Where the flow starts. The change step needs a logged-in user: logged out, a change link
 * starts at step 0, since only a reset code can prove who is asking.
 */
export function getInitialForgotPasswordState({
  isChangePass,
  isLoggedIn,
}: {
  isChangePass: boolean;
  isLoggedIn: boolean;
}): ForgotPasswordState {
  return isChangePass && isLoggedIn
    ? { step: FORGOT_STEPS.NEW_PASSWORD, mode: 'change', email: '', code: '' }
    : { step: FORGOT_STEPS.EMAIL, mode: 'reset', email: '', code: '' };
}

export function forgotPasswordReducer(
  state: ForgotPasswordState,
  action: ForgotPasswordAction,
): ForgotPasswordState {
  switch (action.type) {
    case 'resetCodeSent':
      return { step: FORGOT_STEPS.RESET_CODE, mode: 'reset', email: action.email, code: '' };
    case 'loginCodeSent':
      return { step: FORGOT_STEPS.LOGIN_CODE, mode: 'reset', email: action.email, code: '' };
    case 'resetCodeChecked':
      return state.step === FORGOT_STEPS.RESET_CODE
        ? { ...state, step: FORGOT_STEPS.NEW_PASSWORD, code: action.code }
        : state;
    case 'changeEmail':
      return { ...state, step: FORGOT_STEPS.EMAIL, mode: 'reset', code: '' };
  }
}
