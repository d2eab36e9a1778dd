import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  renderScreen,
  sessionReply,
  TEST_USER,
  type FakeRoute,
} from '../../common/test/render-screen';
import { ForgotPasswordPage } from './forgot-password-page';

function renderForgot({
  initialEntry = '/forgot-password',
  routes = {},
  user = null,
}: {
  initialEntry?: string;
  routes?: Record<string, FakeRoute>;
  user?: typeof TEST_USER | null;
} = {}) {
  return renderScreen(<ForgotPasswordPage />, {
    path: '/forgot-password',
    initialEntry,
    routes,
    user,
  });
}

function codeBoxes() {
  return within(screen.getByRole('group', { name: '6-digit code' })).getAllByRole('textbox');
}

async function askFor(
  user: ReturnType<typeof userEvent.setup>,
  email: string,
  button: 'Reset my password' | 'Email me a one-time login code',
) {
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.click(screen.getByRole('button', { name: button }));
}

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('ForgotPasswordPage: step 0', () => {
  it('requires a valid email for either choice and sends nothing', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderForgot();
    await user.click(await screen.findByRole('button', { name: 'Reset my password' }));
    expect(await screen.findByText('This field is required')).toBeVisible();
    await user.type(screen.getByLabelText(/Email/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Email me a one-time login code' }));
    expect(await screen.findByText('Please enter a valid email')).toBeVisible();
    expect(fetchMock.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });
});

describe('ForgotPasswordPage: reset my password (0 → 1 → 2 → Login)', () => {
  it('sends the reset code, checks the pasted code, sets the new password and opens Login', async () => {
    const user = userEvent.setup();
    const { fetchMock, currentUrl } = renderForgot({
      routes: {
        'POST auth/reset-password': { body: {} },
        'PUT auth/verify-code': { body: { isVerified: true } },
        'PUT auth/change-password': { body: {} },
      },
    });
    await askFor(user, ' Dana@Example.com ', 'Reset my password');
    expect(await screen.findByRole('heading', { name: 'Enter your reset code' })).toBeVisible();
    expect(fetchMock.callsTo('POST auth/reset-password')[0]?.body).toEqual({
      email: 'dana@example.com',
    });
    expect(screen.getByText('dana@example.com')).toBeVisible();

    // A paste keeps only the digits.
    await user.click(codeBoxes()[0]!);
    await user.paste('Code: 12-34 56');
    expect(codeBoxes().map((box) => (box as HTMLInputElement).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    expect(fetchMock.callsTo('PUT auth/verify-code')[0]?.body).toEqual({
      email: 'dana@example.com',
      enteredCode: '123456',
    });

    await user.type(screen.getByLabelText(/^New password/), 'NewPass1');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'NewPass2');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The new passwords do not match')).toBeVisible();
    expect(fetchMock.callsTo('PUT auth/change-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'NewPass1');
    await user.tab();
    await waitFor(() => expect(screen.queryByText('The new passwords do not match')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(fetchMock.callsTo('PUT auth/change-password')[0]?.body).toEqual({
      email: 'dana@example.com',
      password: 'NewPass1',
      code: '123456',
    });
    expect(await screen.findByText('The password was changed')).toBeVisible();
  });

  it('asks for all 6 digits, accepts digits only, and shows a wrong code under the form', async () => {
    const user = userEvent.setup();
    renderForgot({
      routes: {
        'POST auth/reset-password': { body: {} },
        'PUT auth/verify-code': apiError(400, 'INVALID_CODE_ERR'),
      },
    });
    await askFor(user, 'dana@example.com', 'Reset my password');
    await screen.findByRole('heading', { name: 'Enter your reset code' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This field is required')).toBeVisible();

    await user.click(codeBoxes()[0]!);
    await user.keyboard('12a3');
    expect(
      codeBoxes()
        .map((box) => (box as HTMLInputElement).value)
        .join(''),
    ).toBe('123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter the 6-digit code')).toBeVisible();

    await user.click(codeBoxes()[3]!);
    await user.keyboard('456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code');
    expect(screen.getByRole('heading', { name: 'Enter your reset code' })).toBeVisible();
  });

  it('goes back to step 0 with the email kept', async () => {
    const user = userEvent.setup();
    renderForgot({ routes: { 'POST auth/reset-password': { body: {} } } });
    await askFor(user, 'dana@example.com', 'Reset my password');
    await user.click(await screen.findByRole('button', { name: 'Use a different email' }));
    expect(await screen.findByLabelText(/Email/)).toHaveValue('dana@example.com');
  });

  it('locks the resend button for 5 seconds after each use', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { fetchMock } = renderForgot({ routes: { 'POST auth/reset-password': { body: {} } } });
    await askFor(user, 'dana@example.com', 'Reset my password');
    const resend = await screen.findByRole('button', { name: 'Send a new code' });
    expect(resend).toBeEnabled();

    await user.click(resend);
    expect(resend).toBeDisabled();
    await waitFor(() => expect(fetchMock.callsTo('POST auth/reset-password')).toHaveLength(2));
    expect(await screen.findByText('A new code is on its way to dana@example.com')).toBeVisible();

    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    expect(resend).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    await waitFor(() => expect(resend).toBeEnabled());
  });
});

describe('ForgotPasswordPage: one-time login code (0 → 3 → logged in)', () => {
  it('sends the login code and logs in with it', async () => {
    const user = userEvent.setup();
    const { fetchMock, currentUrl } = renderForgot({
      routes: {
        'POST auth/send-otp': { body: {} },
        'POST auth/login-otp': sessionReply(),
      },
    });
    await askFor(user, 'Dana@example.com', 'Email me a one-time login code');
    expect(await screen.findByRole('heading', { name: 'Enter your login code' })).toBeVisible();
    expect(fetchMock.callsTo('POST auth/send-otp')[0]?.body).toEqual({ email: 'dana@example.com' });

    await user.click(codeBoxes()[0]!);
    await user.keyboard('654321');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl()).toBe('/backoffice/applicant'));
    expect(fetchMock.callsTo('POST auth/login-otp')[0]?.body).toEqual({
      email: 'dana@example.com',
      enteredCode: '654321',
    });
    expect(window.localStorage.getItem('candid.accessToken')).toBe('access-new');
  });
});

describe('ForgotPasswordPage: ?isChangePass=true', () => {
  it('starts a logged-in user at the change step and returns to the profile', async () => {
    const user = userEvent.setup();
    const { fetchMock, currentUrl } = renderForgot({
      initialEntry: '/forgot-password?isChangePass=true',
      user: TEST_USER,
      routes: { 'PUT user/password/u1': { body: {} } },
    });
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeVisible();
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    // Too short says that first; long enough but missing a digit or a case, the whole rule.
    expect(await screen.findByText('Password should be at least 6 characters long')).toBeVisible();
    await user.type(screen.getByLabelText(/^New password/), 'er');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'er');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(
      await screen.findByText(
        'The password must include at least 6 characters, number, both upper and lower case letters',
      ),
    ).toBeVisible();

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'Better1x');
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Better1x');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(currentUrl()).toBe('/user'));
    expect(fetchMock.callsTo('PUT user/password/u1')[0]?.body).toEqual({
      newPassword: 'Better1x',
      userId: 'u1',
    });
  });

  it('starts a logged-out visitor at step 0, since only a reset code proves who asks', async () => {
    renderForgot({ initialEntry: '/forgot-password?isChangePass=true', user: null });
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  });
});
