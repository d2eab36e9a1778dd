import { describe, expect, it } from 'vitest';
import {
  FORGOT_STEPS,
  forgotPasswordReducer,
  getInitialForgotPasswordState,
  isChangePassFlag,
  type ForgotPasswordState,
} from './forgot-password-steps';

const START = getInitialForgotPasswordState({ isChangePass: false, isLoggedIn: false });

describe('forgot-password steps', () => {
  it.each([
    [false, false, FORGOT_STEPS.EMAIL, 'reset'],
    [false, true, FORGOT_STEPS.EMAIL, 'reset'],
    [true, false, FORGOT_STEPS.EMAIL, 'reset'],
    [true, true, FORGOT_STEPS.NEW_PASSWORD, 'change'],
  ] as const)(
    'isChangePass %s, logged in %s: starts at step %s (%s)',
    (isChangePass, isLoggedIn, step, mode) => {
      expect(getInitialForgotPasswordState({ isChangePass, isLoggedIn })).toMatchObject({
        step,
        mode,
      });
    },
  );

  it.each([
    ['true', true],
    ['1', true],
    ['', true],
    ['false', false],
    ['0', false],
    [null, false],
  ])('isChangePass=%j reads as %s', (value, expected) => {
    expect(isChangePassFlag(value)).toBe(expected);
  });

  it('reset my password: 0 → 1 (code) → 2 (new password), keeping the email and the code', () => {
    const sent = forgotPasswordReducer(START, { type: 'resetCodeSent', email: 'a@b.co' });
    expect(sent).toEqual({
      step: FORGOT_STEPS.RESET_CODE,
      mode: 'reset',
      email: 'a@b.co',
      code: '',
    });
    const checked = forgotPasswordReducer(sent, { type: 'resetCodeChecked', code: '123456' });
    expect(checked).toEqual({
      step: FORGOT_STEPS.NEW_PASSWORD,
      mode: 'reset',
      email: 'a@b.co',
      code: '123456',
    });
  });

  it('send OTP: 0 → 3 (login code)', () => {
    expect(forgotPasswordReducer(START, { type: 'loginCodeSent', email: 'a@b.co' })).toMatchObject({
      step: FORGOT_STEPS.LOGIN_CODE,
      email: 'a@b.co',
    });
  });

  it('a checked reset code moves on only from step 1', () => {
    const otp: ForgotPasswordState = {
      step: FORGOT_STEPS.LOGIN_CODE,
      mode: 'reset',
      email: 'a@b.co',
      code: '',
    };
    expect(forgotPasswordReducer(otp, { type: 'resetCodeChecked', code: '1' })).toBe(otp);
  });

  it('changing the email goes back to step 0, keeping the email typed and forgetting the code', () => {
    const atPassword: ForgotPasswordState = {
      step: FORGOT_STEPS.NEW_PASSWORD,
      mode: 'reset',
      email: 'a@b.co',
      code: '123456',
    };
    expect(forgotPasswordReducer(atPassword, { type: 'changeEmail' })).toEqual({
      step: FORGOT_STEPS.EMAIL,
      mode: 'reset',
      email: 'a@b.co',
      code: '',
    });
  });
});
