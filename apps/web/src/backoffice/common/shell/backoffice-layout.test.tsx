import { PLANS, type User } from '@candid/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '../../../common/session/session-query';
import { useAlertStore } from '../../../common/stores/alert-store';
import { useLanguageStore } from '../../../common/stores/language-store';
import { useViewAsStore, VIEW_AS_STORAGE_KEY } from '../../../common/stores/view-as-store';
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

  it('shows an admin the accounts, error-record and activity overviews under Admin', async () => {
    renderShell({ ...TEST_USER, role: 'admin' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Admin' }));
    expect(await screen.findByRole('menuitem', { name: 'Accounts' })).toHaveAttribute(
      'href',
      '/backoffice/admin/account',
    );
    expect(screen.getByRole('menuitem', { name: 'Error records' })).toHaveAttribute(
      'href',
      '/backoffice/admin/record',
    );
    expect(screen.getByRole('menuitem', { name: 'Activity' })).toHaveAttribute(
      'href',
      '/backoffice/admin/activity',
    );
  });

  it('shows the page inside the shell, under the banner', async () => {
    renderShell(TEST_USER);
    expect(await screen.findByText('The page inside the shell')).toBeVisible();
    expect(screen.getByRole('main')).toHaveTextContent('The page inside the shell');
    expect(screen.getByRole('banner')).toHaveTextContent('Candid');
  });
});

describe('BackofficeLayout: admin view-as', () => {
  afterEach(() => act(() => useViewAsStore.getState().stopViewAs()));

  it('shows no banner while the admin is themselves', async () => {
    renderShell({ ...TEST_USER, role: 'admin' });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByTestId('view-as-banner')).toBeNull();
  });

  it("offers what the viewed account's plan allows, and keeps the admin's own pages", async () => {
    act(() =>
      useViewAsStore.getState().startViewAs({
        _id: 'u-9',
        fName: 'Rina',
        lName: 'Katz',
        email: 'rina@example.com',
        perm: PLANS.STARTER,
        advancedPrm: {},
      }),
    );
    renderShell({ ...TEST_USER, role: 'admin', perm: PLANS.ALL_FEATURES });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Templates' })).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Admin' })).toBeVisible();
  });

  it('says whom the admin views as, and the way back ends it and opens the accounts page', async () => {
    act(() =>
      useViewAsStore
        .getState()
        .startViewAs({ _id: 'u-9', fName: 'Rina', lName: 'Katz', email: 'rina@example.com' }),
    );
    expect(JSON.parse(window.sessionStorage.getItem(VIEW_AS_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { viewAs: { _id: 'u-9' } },
    });
    const { currentUrl } = renderShell({ ...TEST_USER, role: 'admin' });
    const banner = await screen.findByTestId('view-as-banner');
    expect(banner).toHaveTextContent('You are viewing the back office as Rina Katz');
    expect(banner).toHaveTextContent('rina@example.com');
    await userEvent.click(within(banner).getByRole('button', { name: 'Back to accounts' }));
    await waitFor(() => expect(currentUrl()).toBe('/backoffice/admin/account'));
    expect(useViewAsStore.getState().viewAs).toBeNull();
    expect(screen.queryByTestId('view-as-banner')).toBeNull();
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

  it("offers the organisation's owner Integrations (API keys and webhooks); a member not", async () => {
    const user = userEvent.setup();
    const { unmount } = renderShell({ ...TEST_USER, orgRole: 'owner' });
    await user.click(await screen.findByRole('button', { name: 'Account menu of Dana Levi' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Integrations' })).toHaveAttribute(
      'href',
      '/backoffice/integrations',
    );
    unmount();
    renderShell({ ...TEST_USER, orgRole: 'recruiter' });
    await user.click(await screen.findByRole('button', { name: 'Account menu of Dana Levi' }));
    const memberMenu = await screen.findByRole('menu');
    expect(within(memberMenu).getByRole('menuitem', { name: 'Team' })).toBeVisible();
    expect(within(memberMenu).queryByRole('menuitem', { name: 'Integrations' })).toBeNull();
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
      'Insights',
      'Templates',
      'Team',
      'Accounts',
      'Error records',
      'Activity',
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
