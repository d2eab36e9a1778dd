import { IMAGE_MAX_BYTES } from '@candid/domain';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_QUERY_KEY } from '../../../common/session/session-query';
import { apiError, renderScreen, TEST_USER, type FakeRoute } from '../../common/test/render-screen';
import { UserPage } from './user-page';

const USER = { ...TEST_USER, phone: '050-1234567', address: 'Herzl 1, Haifa' };

function renderProfile(routes: Record<string, FakeRoute> = {}) {
  return renderScreen(<UserPage />, { path: '/user', user: USER, routes });
}

function fileInputs(container: HTMLElement) {
  const [avatar, logo] = Array.from(
    container.querySelectorAll<HTMLInputElement>('input[type="file"]'),
  );
  return { avatar: avatar!, logo: logo! };
}

function png(bytes: number, name = 'me.png') {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

afterEach(() => act(() => notifications.clean()));

describe('UserPage (UserMgmt)', () => {
  it('shows the profile of the logged-in user and links to the password change', async () => {
    renderProfile();
    expect(await screen.findByLabelText(/^First name/)).toHaveValue('Dana');
    expect(screen.getByLabelText(/^Last name/)).toHaveValue('Levi');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('dana@example.com');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('050-1234567');
    expect(screen.getByLabelText(/^Address/)).toHaveValue('Herzl 1, Haifa');
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('Acme');
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/forgot-password?isChangePass=true',
    );
    expect(screen.getAllByText('Square image, up to 200 KB')).toHaveLength(2);
  });

  it('requires first name, email and company name, and re-validates on blur', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderProfile();
    for (const label of [/^First name/, /^Email/, /^Company name/]) {
      await user.clear(await screen.findByLabelText(label));
    }
    await user.type(screen.getByLabelText(/^Phone/), '{Control>}a{/Control}12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByText('Please enter a valid phone number')).toBeVisible();
    expect(fetchMock.callsTo('PUT user/')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^First name/), 'Dana');
    await user.tab();
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(2));
  });

  it('saves trimmed values and updates the session user', async () => {
    const user = userEvent.setup();
    const { fetchMock, queryClient } = renderProfile({
      'PUT user/': ({ body }) => ({
        body: { ...USER, ...(body as { user: object }).user },
      }),
    });
    const company = await screen.findByLabelText(/^Company name/);
    await user.clear(company);
    await user.type(company, '  Acme Hiring  ');
    await user.clear(screen.getByLabelText(/^Address/));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your profile was saved')).toBeVisible();
    expect(fetchMock.callsTo('PUT user/')[0]?.body).toEqual({
      user: {
        fName: 'Dana',
        lName: 'Levi',
        email: 'dana@example.com',
        phone: '050-1234567',
        address: '',
        companyName: 'Acme Hiring',
        imgUrl: '',
        logoUrl: '',
      },
    });
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toMatchObject({
      companyName: 'Acme Hiring',
    });
  });

  it('chooses which submitted interviews to hear about, and how', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderProfile({
      'GET user/logged': { body: { ...USER, notifications: { scope: 'mine', mode: 'each' } } },
      'PUT user/': ({ body }) => ({
        body: { ...USER, ...(body as { user: object }).user },
      }),
    });
    const mine = await screen.findByRole('radio', { name: 'For the jobs I own' });
    expect(mine).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save e-mail preferences' });
    expect(save).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'For every job of the organisation' }));
    await user.click(screen.getByText('A daily digest'));
    expect(screen.getByText(/One e-mail a day listing the interviews/)).toBeVisible();
    await user.click(save);
    expect(await screen.findByText('E-mail preferences saved')).toBeVisible();
    expect(fetchMock.callsTo('PUT user/')[0]?.body).toEqual({
      user: { notifications: { scope: 'all', mode: 'digest' } },
    });

    // Never: there is no "how" to choose.
    await user.click(screen.getByRole('radio', { name: 'Never' }));
    expect(screen.queryByText('A daily digest')).toBeNull();
  });

  it('shows EMAIL_TAKEN_ERR under the email field until the email is edited', async () => {
    const user = userEvent.setup();
    renderProfile({ 'PUT user/': apiError(409, 'EMAIL_TAKEN_ERR') });
    const email = await screen.findByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Email address is already taken')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(email, 'x');
    await waitFor(() => expect(screen.queryByText('Email address is already taken')).toBeNull());
  });

  it('refuses an image over 200 KB with an alert and uploads nothing', async () => {
    const user = userEvent.setup();
    const { container, fetchMock } = renderProfile();
    await screen.findByLabelText(/^First name/);
    await user.upload(fileInputs(container).avatar, png(IMAGE_MAX_BYTES + 1, 'big.png'));
    expect(await screen.findByText('File size is too large')).toBeVisible();
    expect(fetchMock.calls.filter((call) => call.path.startsWith('upload/'))).toHaveLength(0);
  });

  it('offers image types only', async () => {
    const { container } = renderProfile();
    await screen.findByLabelText(/^First name/);
    expect(fileInputs(container).avatar).toHaveAttribute('accept', 'image/*');
    expect(fileInputs(container).logo).toHaveAttribute('accept', 'image/*');
  });

  it('uploads an avatar and a logo, shows them, and saves their URLs', async () => {
    const user = userEvent.setup();
    const { container, fetchMock } = renderProfile({
      'POST upload/image?kind=avatar': {
        status: 201,
        body: { url: '/api/files/a.png', key: 'a.png' },
      },
      'POST upload/image?kind=logo': {
        status: 201,
        body: { url: '/api/files/l.png', key: 'l.png' },
      },
      'PUT user/': ({ body }) => ({ body: { ...USER, ...(body as { user: object }).user } }),
    });
    await screen.findByLabelText(/^First name/);
    const avatarFile = png(1024);
    await user.upload(fileInputs(container).avatar, avatarFile);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
        'src',
        '/api/files/a.png',
      ),
    );
    const [upload] = fetchMock.callsTo('POST upload/image?kind=avatar');
    expect(upload?.body).toBe(avatarFile);

    await user.upload(fileInputs(container).logo, png(2048, 'logo.png'));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Company logo' })).toHaveAttribute(
        'src',
        '/api/files/l.png',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Your profile was saved');
    expect(fetchMock.callsTo('PUT user/')[0]?.body).toMatchObject({
      user: { imgUrl: '/api/files/a.png', logoUrl: '/api/files/l.png' },
    });
  });
});
