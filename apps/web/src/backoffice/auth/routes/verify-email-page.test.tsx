import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '../../../common/session/session-query';
import {
  apiError,
  renderScreen,
  sessionReply,
  TEST_USER,
  type FakeRoute,
} from '../../common/test/render-screen';
import { VerifyEmailPage } from './verify-email-page';

const UNVERIFIED = { ...TEST_USER, emailVerified: false };

function renderVerify({
  initialEntry = '/verify-email',
  routes = {},
  user = UNVERIFIED,
  language,
}: {
  initialEntry?: string;
  routes?: Record<string, FakeRoute>;
  user?: typeof TEST_USER | null;
  language?: 'en' | 'he';
} = {}) {
  return renderScreen(<VerifyEmailPage />, {
    path: '/verify-email',
    initialEntry,
    routes,
    user,
    language,
  });
}

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('VerifyEmailPage with ?token= (the emailed link)', () => {
  it('verifies the token once, stores the session and opens the jobs (a first job to create)', async () => {
    const { fetchMock, currentUrl, queryClient } = renderVerify({
      initialEntry: '/verify-email?token=abc.def',
      user: null,
      routes: { 'PUT auth/verify-email': sessionReply() },
    });
    await waitFor(() => expect(currentUrl()).toBe('/backoffice/job'));
    expect(fetchMock.callsTo('PUT auth/verify-email')).toHaveLength(1);
    expect(fetchMock.callsTo('PUT auth/verify-email')[0]?.body).toEqual({ code: 'abc.def' });
    expect(window.localStorage.getItem('candid.accessToken')).toBe('access-new');
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toMatchObject({ emailVerified: true });
  });

  it('explains a failed link and offers to log in', async () => {
    renderVerify({
      initialEntry: '/verify-email?token=used',
      user: null,
      routes: { 'PUT auth/verify-email': apiError(400, 'EMAIL_CONFIRMATION_FAILED_ERR') },
    });
    expect(
      await screen.findByRole('heading', { name: "We couldn't confirm your email" }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Email confirmation failed');
    expect(screen.getByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/login');
  });
});

describe('VerifyEmailPage without a token', () => {
  it('asks a logged-in user to confirm, showing the email, and verifies by code', async () => {
    const user = userEvent.setup();
    const { fetchMock, currentUrl, queryClient } = renderVerify({
      routes: {
        'PUT auth/verify-code': { body: { isVerified: true, user: TEST_USER } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    expect(screen.getByText('dana@example.com')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByText('This field is required')).toBeVisible();

    const boxes = within(screen.getByRole('group', { name: '6-digit code' })).getAllByRole(
      'textbox',
    );
    await user.click(boxes[0]!);
    await user.paste('123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));
    await waitFor(() => expect(currentUrl()).toBe('/backoffice/job'));
    expect(fetchMock.callsTo('PUT auth/verify-code')[0]?.body).toEqual({ enteredCode: '123456' });
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toMatchObject({ emailVerified: true });
  });

  it.each([
    ['en', '6-digit code', 'Confirm email', "Confirmation code doesn't match our records"],
    ['he', 'קוד בן 6 ספרות', 'אישור האימייל', 'קוד האישור אינו תואם לרישומים שלנו'],
  ] as const)(
    'shows a code that does not match under the code field (%s)',
    async (language, groupName, submitName, message) => {
      const user = userEvent.setup();
      renderVerify({
        language,
        routes: { 'PUT auth/verify-code': apiError(400, 'CONFIRMATION_CODE_MISMATCH_ERR') },
      });
      const boxes = within(await screen.findByRole('group', { name: groupName })).getAllByRole(
        'textbox',
      );
      await user.click(boxes[0]!);
      await user.keyboard('000000');
      await user.click(screen.getByRole('button', { name: submitName }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(message);
      // The code's boxes point at the message, so a screen reader reads it with the field.
      expect(boxes[0]).toHaveAttribute('aria-describedby', alert.id);
      expect(boxes[0]).toHaveAttribute('aria-invalid', 'true');
    },
  );

  it('resends the email and keeps the button disabled for 5 seconds after each use', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { fetchMock } = renderVerify({ routes: { 'POST auth/send-verify-email': { body: {} } } });
    const resend = await screen.findByRole('button', { name: 'Resend email' });

    await user.click(resend);
    expect(resend).toBeDisabled();
    expect(await screen.findByText('The email was sent')).toBeVisible();
    expect(fetchMock.callsTo('POST auth/send-verify-email')).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(4_900);
    });
    expect(resend).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    await waitFor(() => expect(resend).toBeEnabled());

    await user.click(resend);
    expect(resend).toBeDisabled();
    await waitFor(() => expect(fetchMock.callsTo('POST auth/send-verify-email')).toHaveLength(2));
  });

  it('logs out: revokes the refresh token, forgets the tokens and the cache, opens Login', async () => {
    window.localStorage.setItem('candid.accessToken', 'access-1');
    window.localStorage.setItem('candid.refreshToken', 'refresh-1');
    const user = userEvent.setup();
    const { fetchMock, currentUrl, queryClient } = renderVerify({
      routes: { 'POST auth/logout': { body: {} } },
    });
    queryClient.setQueryData(['jobs'], ['cached']);
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(fetchMock.callsTo('POST auth/logout')[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(window.localStorage.getItem('candid.accessToken')).toBeNull();
    expect(window.localStorage.getItem('candid.refreshToken')).toBeNull();
    expect(queryClient.getQueryData(['jobs'])).toBeUndefined();
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
  });

  it('tells a logged-out visitor to open the link or log in', async () => {
    renderVerify({ user: null });
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to log in' })).toHaveAttribute('href', '/login');
  });
});
