import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '../../../common/session/session-query';
import {
  apiError,
  renderScreen,
  sessionReply,
  TEST_USER,
  type FakeReply,
} from '../../common/test/render-screen';
import { GOOGLE_IDENTITY_SCRIPT_URL, type GoogleIdentity } from '../components/google-sign-in';
import { LoginPage } from './login-page';

const NO_GOOGLE = { 'GET auth/config': { body: { googleClientId: null } } };

function renderLogin({
  initialEntry = '/login',
  routes = {},
  language,
}: {
  initialEntry?: string;
  routes?: Parameters<typeof renderScreen>[1]['routes'];
  language?: 'en' | 'he';
} = {}) {
  return renderScreen(<LoginPage />, {
    path: '/login',
    initialEntry,
    routes: { ...NO_GOOGLE, ...routes },
    language,
  });
}

afterEach(() => {
  act(() => notifications.clean());
  delete window.google;
  document
    .querySelectorAll(`script[src="${GOOGLE_IDENTITY_SCRIPT_URL}"]`)
    .forEach((s) => s.remove());
});

describe('LoginPage: validation', () => {
  it('shows nothing before submit, then the required messages on submit, and sends nothing', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderLogin();
    const email = await screen.findByLabelText(/Email/);
    await user.click(email);
    await user.tab();
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.callsTo('POST auth/login')).toHaveLength(0);
  });

  it('re-validates a shown error as the user types: the message changes, then disappears', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText(/Email/);

    await user.type(email, 'not-an-email');
    // No blur needed: the field is checked again on every change once its error was shown.
    expect(await screen.findByText('Please enter a valid email')).toBeVisible();
    expect(screen.getAllByText('This field is required')).toHaveLength(1);

    await user.clear(email);
    await user.type(email, 'dana@example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email')).toBeNull());
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    // The password's error stays until that field is fixed.
    expect(screen.getByText('This field is required')).toBeVisible();
  });
});

describe('LoginPage: logging in', () => {
  it('sends the email trimmed and lower-cased, stores the session and opens the applicants', async () => {
    const user = userEvent.setup();
    const { fetchMock, currentUrl, queryClient } = renderLogin({
      routes: { 'POST auth/login': sessionReply() },
    });
    await user.type(await screen.findByLabelText(/Email/), '  Dana@Example.COM ');
    await user.type(screen.getByLabelText(/Password/), 'Secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(currentUrl()).toBe('/backoffice/applicant'));
    expect(fetchMock.callsTo('POST auth/login')[0]?.body).toEqual({
      email: 'dana@example.com',
      password: 'Secret1',
    });
    expect(window.localStorage.getItem('candid.accessToken')).toBe('access-new');
    expect(window.localStorage.getItem('candid.refreshToken')).toBe('refresh-new');
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toMatchObject({ _id: TEST_USER._id });
  });

  it('honours the redirect query, but only to a path of this site', async () => {
    const user = userEvent.setup();
    const first = renderLogin({
      initialEntry: '/login?redirect=%2Fbackoffice%2Fjob%3Fview%3Dlist',
      routes: { 'POST auth/login': sessionReply() },
    });
    await user.type(await screen.findByLabelText(/Email/), 'dana@example.com');
    await user.type(screen.getByLabelText(/Password/), 'Secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(first.currentUrl()).toBe('/backoffice/job?view=list'));
    first.unmount();

    const second = renderLogin({
      initialEntry: '/login?redirect=https%3A%2F%2Fevil.example',
      routes: { 'POST auth/login': sessionReply() },
    });
    await user.type(await screen.findByLabelText(/Email/), 'dana@example.com');
    await user.type(screen.getByLabelText(/Password/), 'Secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(second.currentUrl()).toBe('/backoffice/applicant'));
  });

  it('shows the auth error under the form, disables the button while authing, and clears the error on the next request', async () => {
    const user = userEvent.setup();
    let release: (reply: FakeReply) => void = () => {};
    let attempt = 0;
    renderLogin({
      routes: {
        'POST auth/login': () => {
          attempt += 1;
          if (attempt === 1) return apiError(401, 'INVALID_CREDENTIALS_ERR');
          return new Promise<FakeReply>((resolve) => {
            release = resolve;
          });
        },
      },
    });
    await user.type(await screen.findByLabelText(/Email/), 'dana@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.queryByText('Invalid email or password')).toBeNull());
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    release(apiError(429, 'RATE_LIMITED_ERR'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('links to signup and forgot password', async () => {
    renderLogin();
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('LoginPage: Google sign-in', () => {
  it('offers no Google button and loads no Google script without a client id', async () => {
    renderLogin();
    await screen.findByRole('button', { name: 'Log in' });
    await waitFor(() => expect(screen.queryByTestId('google-sign-in')).toBeNull());
    expect(document.querySelector(`script[src="${GOOGLE_IDENTITY_SCRIPT_URL}"]`)).toBeNull();
  });

  it('renders Google’s button with the client id and logs in with the credential', async () => {
    let callback: ((response: { credential?: string }) => void) | undefined;
    const google: GoogleIdentity = {
      accounts: {
        id: {
          initialize: vi.fn((config) => {
            callback = config.callback;
          }),
          renderButton: vi.fn(),
        },
      },
    };
    window.google = google;
    const { fetchMock, currentUrl } = renderLogin({
      routes: {
        'GET auth/config': { body: { googleClientId: 'client-123' } },
        'POST auth/login-google': sessionReply(),
      },
    });
    await screen.findByTestId('google-sign-in');
    await waitFor(() => expect(google.accounts.id.renderButton).toHaveBeenCalled());
    expect(google.accounts.id.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'client-123' }),
    );
    expect(screen.getByText('or')).toBeVisible();

    act(() => callback?.({ credential: 'google-id-token' }));
    await waitFor(() => expect(currentUrl()).toBe('/backoffice/applicant'));
    expect(fetchMock.callsTo('POST auth/login-google')[0]?.body).toEqual({
      idToken: 'google-id-token',
      lang: 'en',
    });
  });

  it('shows a refused Google token under the form', async () => {
    let callback: ((response: { credential?: string }) => void) | undefined;
    window.google = {
      accounts: {
        id: {
          initialize: (config) => {
            callback = config.callback;
          },
          renderButton: () => {},
        },
      },
    };
    renderLogin({
      routes: {
        'GET auth/config': { body: { googleClientId: 'client-123' } },
        'POST auth/login-google': apiError(401, 'INVALID_PROVIDER_TOKEN_ERR'),
      },
    });
    await screen.findByTestId('google-sign-in');
    await waitFor(() => expect(callback).toBeDefined());
    act(() => callback?.({ credential: 'bad' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid provider token');
  });
});

describe('LoginPage: Hebrew', () => {
  it('shows the validation messages in Hebrew, right to left', async () => {
    const user = userEvent.setup();
    renderLogin({ language: 'he' });
    await user.click(await screen.findByRole('button', { name: 'התחברות' }));
    expect(await screen.findAllByText('זהו שדה חובה')).toHaveLength(2);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await user.type(screen.getByLabelText(/אימייל/), 'x');
    await user.tab();
    expect(await screen.findByText('יש להזין כתובת אימייל תקינה')).toBeVisible();
  });
});
