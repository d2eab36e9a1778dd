import type { Account, AccountListResponse } from '@candid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAlertStore } from '../../../../common/stores/alert-store';
import { useViewAsStore } from '../../../../common/stores/view-as-store';
import { renderScreen, TEST_USER } from '../../../common/test/render-screen';
import AccountOverviewPage from './account-overview-page';

const ADMIN = { ...TEST_USER, role: 'admin' as const };

function account(patch: Partial<Account>): Account {
  return {
    // Not TEST_USER's id: an admin cannot view as or delete themselves.
    _id: 'u7',
    fName: 'Rina',
    lName: 'Katz',
    email: 'rina@example.com',
    lastLogin: null,
    interviewCount: 4,
    perm: 999,
    role: 'user',
    companyName: 'Acme',
    ...patch,
  };
}

function list(accounts: Account[]): { body: AccountListResponse } {
  return {
    body: {
      accounts,
      pageCount: 1,
      filteredAccountCount: accounts.length,
      totalAccountCount: accounts.length,
    },
  };
}

afterEach(() => useViewAsStore.getState().stopViewAs());

describe('AccountOverviewPage (admin accounts)', () => {
  it('lists accounts sorted by first name descending, and a header click sorts by that column', async () => {
    const { fetchMock } = renderScreen(<AccountOverviewPage />, {
      path: '/backoffice/admin/account',
      user: ADMIN,
      routes: { 'GET user/query': list([account({}), account({ _id: 'u2', fName: 'Dan' })]) },
    });
    const rows = await screen.findAllByTestId('account-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Rina Katz');
    expect(rows[0]).toHaveTextContent('All features');
    expect(fetchMock.calls.find((call) => call.path.startsWith('user/query'))?.path).toContain(
      'sort=fName%3Adesc',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Last login' }));
    await waitFor(() =>
      expect(fetchMock.calls.some((call) => call.path.includes('sort=lastLogin%3Aasc'))).toBe(true),
    );
  });

  it.each([
    ['en', '10,000+', '334+'],
    ['he', '10,000+', '334+'],
  ] as const)(
    'a count past the server cap reads "10,000+" and the last page "334+" (%s)',
    async (language, count, lastPage) => {
      renderScreen(<AccountOverviewPage />, {
        path: '/backoffice/admin/account',
        user: ADMIN,
        language,
        routes: {
          'GET user/query': {
            body: {
              ...list([account({})]).body,
              pageCount: 334,
              filteredAccountCount: 10_000,
              filteredAccountCountCapped: true,
              totalAccountCount: 10_000,
              totalAccountCountCapped: true,
            },
          },
        },
      });
      const badge = await screen.findByTestId('account-count');
      expect(badge).toHaveTextContent(count);
      expect(badge).toHaveAttribute(
        'title',
        language === 'en'
          ? 'More accounts match than were counted (10,000+); narrow the search to reach them'
          : 'יש יותר חשבונות מהספירה (10,000+); צמצמו את החיפוש כדי להגיע אליהם',
      );
      const nav = screen.getByRole('navigation', {
        name: language === 'en' ? 'Pages' : 'עמודים',
      });
      expect(within(nav).getByRole('button', { name: /334/ })).toHaveTextContent(lastPage);
    },
  );

  it('an exact count reads as it is, with no plus', async () => {
    renderScreen(<AccountOverviewPage />, {
      path: '/backoffice/admin/account',
      user: ADMIN,
      routes: { 'GET user/query': list([account({}), account({ _id: 'u2' })]) },
    });
    const badge = await screen.findByTestId('account-count');
    expect(badge).toHaveTextContent(/^2$/);
    expect(badge).not.toHaveAttribute('title');
  });

  it('a validation error on adding a user shows on its fields, with no alert', async () => {
    renderScreen(<AccountOverviewPage />, {
      path: '/backoffice/admin/account',
      user: ADMIN,
      routes: {
        'GET user/query': list([account({})]),
        'POST user/': {
          status: 400,
          body: {
            status: 400,
            key: 'VALIDATION_ERR',
            message: 'Some of the details are not valid',
            issues: [{ path: 'email', message: 'validation.EMAIL_VALIDATE' }],
          },
        },
      },
    });
    await screen.findAllByTestId('account-row');
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Vera');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Email/ }),
      'vera@example.com',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await within(dialog).findByText('Please enter a valid email')).toBeVisible();
    expect(within(dialog).queryByTestId('form-error')).toBeNull();
    expect(useAlertStore.getState().alerts).toEqual([]);
  });

  it('edits role, plan and single features by name (advancedPrm)', async () => {
    const { fetchMock } = renderScreen(<AccountOverviewPage />, {
      path: '/backoffice/admin/account',
      user: ADMIN,
      routes: {
        'GET user/query': list([account({ perm: 0 })]),
        'GET user/u7': {
          body: { ...TEST_USER, _id: 'u7', fName: 'Rina', perm: 0, advancedPrm: {} },
        },
        'PUT user/': (call) => ({
          body: { ...TEST_USER, ...(call.body as { user: object }).user },
        }),
      },
    });
    await screen.findAllByTestId('account-row');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Rina Katz' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit account' });
    // The starter plan includes video answers (checked and fixed), not templates.
    expect(within(dialog).getByRole('checkbox', { name: 'Video answers' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Templates' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Admin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.callsTo('PUT user/')).toHaveLength(1));
    expect(fetchMock.callsTo('PUT user/')[0]!.body).toEqual({
      user: expect.objectContaining({
        _id: 'u7',
        role: 'admin',
        perm: 0,
        advancedPrm: { TEMPLATES: true },
      }) as unknown,
    });
  });

  it('the delete dialog asks by name and says the jobs move to a colleague', async () => {
    const { fetchMock } = renderScreen(<AccountOverviewPage />, {
      path: '/backoffice/admin/account',
      user: ADMIN,
      routes: {
        'GET user/query': list([account({})]),
        'GET user/u7/deletion': {
          body: {
            outcome: 'transfer',
            jobCount: 3,
            applicantCount: 12,
            successor: { _id: 'u5', fName: 'Olga', lName: 'Owner' },
          },
        },
        'DELETE user/u7': { body: {} },
      },
    });
    await screen.findAllByTestId('account-row');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Rina Katz' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account' });
    expect(dialog).toHaveTextContent("Are you sure you want to delete Rina Katz's account");
    expect(await within(dialog).findByTestId('deletion-outcome')).toHaveTextContent(
      'Their jobs (3) with the applicants of those jobs (12) and their templates move to Olga Owner',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(fetchMock.callsTo('DELETE user/u7')).toHaveLength(1));
  });

  it('view as: keeps the account in the session store and opens the job list', async () => {
    const { currentUrl } = renderScreen(<AccountOverviewPage />, {
      path: '/backoffice/admin/account',
      user: ADMIN,
      routes: {
        'GET user/query': list([account({ perm: 1 })]),
        'GET user/u7': {
          body: { ...TEST_USER, _id: 'u7', perm: 1, advancedPrm: { TEMPLATES: true } },
        },
      },
    });
    await screen.findAllByTestId('account-row');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Rina Katz' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'View as' }));
    await waitFor(() => expect(currentUrl()).toBe('/backoffice/job'));
    expect(useViewAsStore.getState().viewAs).toEqual({
      _id: 'u7',
      fName: 'Rina',
      lName: 'Katz',
      email: 'rina@example.com',
      perm: 1,
      advancedPrm: { TEMPLATES: true },
    });
  });
});
