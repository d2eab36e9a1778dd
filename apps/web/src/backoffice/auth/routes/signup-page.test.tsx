import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_QUERY_KEY } from '../../../common/session/session-query';
import { apiError, renderScreen, sessionReply, TEST_USER } from '../../common/test/render-screen';
import { SignupPage } from './signup-page';

const PASSWORD_RULE =
  'The password must include at least 6 characters, number, both upper and lower case letters';

function renderSignup(routes: Parameters<typeof renderScreen>[1]['routes'] = {}) {
  return renderScreen(<SignupPage />, { path: '/signup', routes });
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('SignupPage', () => {
  it('promises the free interviews, asks the company and states the password rule before typing', async () => {
    renderSignup();
    expect(await screen.findByText('10 free video interviews')).toBeVisible();
    expect(screen.getByText('No credit card required')).toBeVisible();
    expect(screen.getByText(PASSWORD_RULE)).toBeVisible();
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('');
    expect(
      screen.getByText('Candidates see it on your jobs; you can change it per job.'),
    ).toBeVisible();
  });

  it('shows every required message on submit and sends nothing', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderSignup();
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(6);
    expect(fetchMock.callsTo('POST auth/signup')).toHaveLength(0);
  });

  it('checks the password rule, the email and the confirmation', async () => {
    const user = userEvent.setup();
    renderSignup();
    await screen.findByRole('button', { name: 'Create account' });
    await fill(user, {
      'First name': 'Dana',
      'Last name': 'Levi',
      Email: 'dana@',
      Password: 'secret',
      'Confirm password': 'Secret1',
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter a valid email')).toBeVisible();
    // The rule replaces the hint as the password's error.
    expect(screen.getByText(PASSWORD_RULE)).toBeVisible();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The passwords do not match')).toBeVisible();

    // Errors clear while a valid value is typed, before the field is left.
    await fill(user, { Password: 'Secret1' });
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    await waitFor(() =>
      expect(screen.getByLabelText(/^Password/)).not.toHaveAttribute('aria-invalid', 'true'),
    );
    await fill(user, { Email: 'dana@example.com' });
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    await waitFor(() => expect(screen.queryByText('Please enter a valid email')).toBeNull());
    await user.tab();
    await user.click(screen.getByLabelText(/^Confirm password/));
    await user.tab();
    await waitFor(() => expect(screen.queryByText('The passwords do not match')).toBeNull());
  });

  it('signs up with trimmed values and the interface language, then opens /verify-email', async () => {
    const user = userEvent.setup();
    const { fetchMock, currentUrl, queryClient } = renderSignup({
      'POST auth/signup': { status: 201, ...sessionReply({ ...TEST_USER, emailVerified: false }) },
    });
    await screen.findByRole('button', { name: 'Create account' });
    await fill(user, {
      'First name': '  Dana ',
      'Last name': ' Levi',
      Email: ' DANA@Example.com ',
      'Company name': ' Acme Ltd ',
      Password: 'Secret1',
      'Confirm password': 'Secret1',
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(currentUrl()).toBe('/verify-email'));
    expect(fetchMock.callsTo('POST auth/signup')[0]?.body).toEqual({
      fName: 'Dana',
      lName: 'Levi',
      email: 'dana@example.com',
      companyName: 'Acme Ltd',
      password: 'Secret1',
      lang: 'en',
    });
    expect(window.localStorage.getItem('candid.accessToken')).toBe('access-new');
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toMatchObject({ emailVerified: false });
  });

  it('shows EMAIL_TAKEN_ERR under the form', async () => {
    const user = userEvent.setup();
    renderSignup({ 'POST auth/signup': apiError(409, 'EMAIL_TAKEN_ERR') });
    await screen.findByRole('button', { name: 'Create account' });
    await fill(user, {
      'First name': 'Dana',
      'Last name': 'Levi',
      Email: 'dana@example.com',
      'Company name': 'Acme',
      Password: 'Secret1',
      'Confirm password': 'Secret1',
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email address is already taken');
  });
});
