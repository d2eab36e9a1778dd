import { PLANS, type User } from '@candid/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '../../../common/session/session-query';
import { useAlertStore } from '../../../common/stores/alert-store';
import { useLanguageStore } from '../../../common/stores/language-store';
import { BackofficeLayout } from './backoffice-layout';
import { renderScreen, TEST_USER } from '../test/render-screen';
import { PHONE_MEDIA_QUERY } from './user-menu';

/** The shell around a page, as every back-office route renders it. */
function renderShell(user: User, routes = {}) {
  return renderScreen(
    <BackofficeLayout>
      <p>The page inside the shell</p>
    </BackofficeLayout>,
    { path: '/backoffice/applicant', user, routes },
  );
}

function mockPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === PHONE_MEDIA_QUERY,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => {
  act(() => useLanguageStore.getState().setLanguage('en'));
});

describe('BackofficeLayout: navigation by permission and role', () => {
  it('shows applicants and jobs, not templates or admin, to a starter user', async () => {
    renderShell({ ...TEST_USER, perm: PLANS.STARTER });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Applicants' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Jobs' })).toHaveAttribute(
      'href',
      '/backoffice/job',
    );
    expect(within(nav).queryByRole('link', { name: 'Templates' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Admin' })).toBeNull();
  });

  it('shows templates with the templates permission', async () => {
    renderShell({ ...TEST_USER, perm: PLANS.ENTERPRISE });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Templates' })).toHaveAttribute(
      'href',
      '/backoffice/template',
    );
  });

  it('shows an admin the built admin screens only: the error records, no link to a missing page', async () => {
    renderShell({ ...TEST_USER, role: 'admin' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Admin' }));
    const records = await screen.findByRole('menuitem', { name: 'Error records' });
    expect(records).toHaveAttribute('href', '/backoffice/admin/record');
    expect(screen.queryByRole('menuitem', { name: 'Accounts' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Activity' })).toBeNull();
  });

  it('shows the page inside the shell, under the banner', async () => {
    renderShell(TEST_USER);
    expect(await screen.findByText('The page inside the shell')).toBeVisible();
    expect(screen.getByRole('main')).toHaveTextContent('The page inside the shell');
    expect(screen.getByRole('banner')).toHaveTextContent('Candid');
  });
});

describe('BackofficeLayout: user menu', () => {
  it('offers the profile, the languages and logout, and switches the language', async () => {
    const user = userEvent.setup();
    renderShell(TEST_USER);
    await user.click(await screen.findByRole('button', { name: 'Account menu of Dana Levi' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('dana@example.com')).toBeVisible();
    expect(within(menu).getByRole('menuitem', { name: 'My profile' })).toHaveAttribute(
      'href',
      '/user',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'עברית' }));
    const nav = await screen.findByRole('navigation', { name: 'ניווט ראשי' });
    expect(within(nav).getByRole('link', { name: 'מועמדים' })).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('logs out: POST auth/logout, tokens, stores and cache cleared, then Login', async () => {
    window.localStorage.setItem('candid.accessToken', 'access-1');
    window.localStorage.setItem('candid.refreshToken', 'refresh-1');
    const user = userEvent.setup();
    const { fetchMock, currentUrl, queryClient } = renderShell(TEST_USER, {
      'POST auth/logout': { body: {} },
    });
    queryClient.setQueryData(['jobs'], ['cached']);
    useAlertStore.setState({ alerts: [{ id: 1, type: 'fail', key: 'alerts.noPermission' }] });

    await user.click(await screen.findByRole('button', { name: 'Account menu of Dana Levi' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(fetchMock.callsTo('POST auth/logout')[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(window.localStorage.getItem('candid.accessToken')).toBeNull();
    expect(window.localStorage.getItem('candid.refreshToken')).toBeNull();
    expect(queryClient.getQueryData(['jobs'])).toBeUndefined();
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(useAlertStore.getState().alerts).toEqual([]);
  });

  it('logs out locally even when the server cannot be reached', async () => {
    window.localStorage.setItem('candid.refreshToken', 'refresh-1');
    const user = userEvent.setup();
    const { currentUrl } = renderShell(TEST_USER, {
      'POST auth/logout': { status: 500, body: {} },
    });
    await user.click(await screen.findByRole('button', { name: 'Account menu of Dana Levi' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(window.localStorage.getItem('candid.refreshToken')).toBeNull();
  });
});

describe('BackofficeLayout on a phone (below 760 px)', () => {
  it('puts the navigation in a burger drawer', async () => {
    mockPhone();
    const user = userEvent.setup();
    renderShell({ ...TEST_USER, role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog');
    const links = within(drawer).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Applicants',
      'Jobs',
      'Templates',
      'Error records',
    ]);
  });

  it('opens the user menu as a bottom sheet with profile, languages and logout', async () => {
    mockPhone();
    const user = userEvent.setup();
    const { currentUrl } = renderShell(TEST_USER, { 'POST auth/logout': { body: {} } });
    await user.click(await screen.findByRole('button', { name: 'Account menu of Dana Levi' }));
    const sheet = await screen.findByRole('dialog', { name: 'Your account' });
    expect(within(sheet).getByRole('link', { name: 'My profile' })).toHaveAttribute(
      'href',
      '/user',
    );
    expect(within(sheet).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await user.click(within(sheet).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentUrl()).toBe('/login'));
  });
});
