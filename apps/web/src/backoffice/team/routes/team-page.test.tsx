import type { Department, TeamMember, TeamResponse } from '@candid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAlertStore } from '../../../common/stores/alert-store';
import { apiError, renderScreen, TEST_USER } from '../../common/test/render-screen';
import TeamPage from './team-page';

const OWNER = { ...TEST_USER, orgRole: 'owner' as const };
const MEMBER_USER = { ...TEST_USER, _id: 'u2', orgRole: 'recruiter' as const };

function member(patch: Partial<TeamMember>): TeamMember {
  return {
    _id: 'u2',
    fName: 'Mia',
    lName: 'Cohen',
    email: 'mia@example.com',
    orgRole: 'recruiter',
    lastLogin: null,
    hasPassword: true,
    jobCount: 3,
    ...patch,
  };
}

const OWNER_ROW = member({
  _id: 'u1',
  fName: 'Dana',
  lName: 'Levi',
  email: 'dana@example.com',
  orgRole: 'owner',
  jobCount: 5,
});

function team(members: TeamMember[], canManage: boolean): { body: TeamResponse } {
  return { body: { members, canManage } };
}

const DEPARTMENTS: { body: { departments: Department[] } } = {
  body: { departments: [{ _id: 'd1', name: 'Engineering', jobCount: 2 }] },
};

describe('TeamPage (organisations)', () => {
  it('lets the owner add a member, who is sent an invitation (no password typed here)', async () => {
    const { fetchMock } = renderScreen(<TeamPage />, {
      path: '/backoffice/team',
      user: OWNER,
      routes: {
        'GET team': team([OWNER_ROW], true),
        'GET department': DEPARTMENTS,
        'POST team/member': { status: 201, body: member({ hasPassword: false, jobCount: 0 }) },
      },
    });
    expect(await screen.findAllByTestId('member-row')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a member' });
    expect(within(dialog).queryByLabelText(/Password/)).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Mia');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'Mia@Example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add and send invitation' }));
    await waitFor(() =>
      expect(fetchMock.calls.find((call) => call.method === 'POST')?.body).toEqual({
        fName: 'Mia',
        lName: '',
        email: 'mia@example.com',
        orgRole: 'recruiter',
        language: 'en',
      }),
    );
    expect(
      await screen.findByText(/an email to choose a password is on its way to mia@example.com/),
    ).toBeVisible();
  });

  it('shows each role, and lets the owner add a reviewer and make a reviewer a recruiter', async () => {
    const reviewer = member({
      _id: 'u3',
      fName: 'Noa',
      email: 'noa@example.com',
      orgRole: 'reviewer',
    });
    const { fetchMock } = renderScreen(<TeamPage />, {
      path: '/backoffice/team',
      user: OWNER,
      routes: {
        'GET team': team([OWNER_ROW, member({}), reviewer], true),
        'GET department': DEPARTMENTS,
        'POST team/member': { status: 201, body: member({ _id: 'u4', orgRole: 'reviewer' }) },
        'PUT team/member/u3': { body: { ...reviewer, orgRole: 'recruiter' } },
      },
    });
    const rows = await screen.findAllByTestId('member-row');
    expect(rows.map((row) => within(row).getByTestId('member-role').textContent)).toEqual([
      'Owner',
      'Recruiter',
      'Reviewer',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a member' });
    // A new member is a recruiter unless the owner chooses otherwise; each role says what it does.
    expect(within(dialog).getByRole('radio', { name: 'Recruiter' })).toBeChecked();
    expect(
      within(dialog).getByText(
        'Sees only the jobs you assign: watches answers, rates and writes notes.',
      ),
    ).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Mia');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'mia@example.com');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Reviewer' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add and send invitation' }));
    await waitFor(() =>
      expect(fetchMock.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        email: 'mia@example.com',
        orgRole: 'reviewer',
      }),
    );

    await userEvent.click(within(rows[2]!).getByRole('button', { name: 'Actions for Noa Cohen' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const editDialog = await screen.findByRole('dialog', { name: 'Edit member' });
    expect(within(editDialog).getByRole('radio', { name: 'Reviewer' })).toBeChecked();
    await userEvent.click(within(editDialog).getByRole('radio', { name: 'Recruiter' }));
    await userEvent.click(within(editDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetchMock.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        fName: 'Noa',
        lName: 'Cohen',
        email: 'noa@example.com',
        orgRole: 'recruiter',
      }),
    );
  });

  it('puts a taken email on its field, with no alert', async () => {
    renderScreen(<TeamPage />, {
      path: '/backoffice/team',
      user: OWNER,
      routes: {
        'GET team': team([OWNER_ROW], true),
        'GET department': DEPARTMENTS,
        'POST team/member': apiError(409, 'EMAIL_TAKEN_ERR'),
      },
    });
    await screen.findAllByTestId('member-row');
    const alertsBefore = useAlertStore.getState().alerts.length;
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a member' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Mia');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Email/ }),
      'dana@example.com',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add and send invitation' }));
    expect(await within(dialog).findByText('Email address is already taken')).toBeVisible();
    expect(useAlertStore.getState().alerts).toHaveLength(alertsBefore);
  });

  it('removing a member says their jobs go to the owner, then removes them', async () => {
    const { fetchMock } = renderScreen(<TeamPage />, {
      path: '/backoffice/team',
      user: OWNER,
      routes: {
        'GET team': team([OWNER_ROW, member({})], true),
        'GET department': DEPARTMENTS,
        'DELETE team/member/u2': { body: {} },
      },
    });
    const rows = await screen.findAllByTestId('member-row');
    // The owner's own row has no actions.
    expect(within(rows[0]!).queryByRole('button', { name: /Actions for/ })).toBeNull();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Actions for Mia Cohen' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove from team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(within(dialog).getByTestId('remove-outcome')).toHaveTextContent(
      'Their 3 jobs, with their applicants, and their templates move to Dana Levi',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await waitFor(() =>
      expect(fetchMock.calls.some((call) => call.method === 'DELETE')).toBe(true),
    );
  });

  it('shows a member the team and the departments without any management', async () => {
    renderScreen(<TeamPage />, {
      path: '/backoffice/team',
      user: MEMBER_USER,
      routes: {
        'GET team': team([OWNER_ROW, member({})], false),
        'GET department': DEPARTMENTS,
      },
    });
    expect(await screen.findAllByTestId('member-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Add member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(await screen.findByText('Engineering')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Rename Engineering' })).toBeNull();
  });

  it('says which plan has teams and departments, and asks the server for neither', async () => {
    const { fetchMock } = renderScreen(<TeamPage />, {
      path: '/backoffice/team',
      user: { ...OWNER, perm: 1 },
      routes: {},
    });
    const notices = await screen.findAllByTestId('plan-notice');
    expect(notices[0]).toHaveTextContent('Team accounts are part of the Enterprise plan');
    expect(notices[1]).toHaveTextContent('Departments are part of the Enterprise plan');
    expect(fetchMock.calls.filter((call) => /^(team|department)/.test(call.path))).toEqual([]);
  });

  it('lets the owner add a department, and shows a taken name on the field', async () => {
    const { fetchMock } = renderScreen(<TeamPage />, {
      path: '/backoffice/team',
      user: OWNER,
      routes: {
        'GET team': team([OWNER_ROW], true),
        'GET department': DEPARTMENTS,
        'POST department': (call) =>
          (call.body as { name: string }).name === 'Engineering'
            ? {
                status: 400,
                body: {
                  status: 400,
                  key: 'VALIDATION_ERR',
                  message: 'taken',
                  issues: [{ path: 'name', message: 'validation.DUPLICATE_DEPARTMENT_VALIDATE' }],
                },
              }
            : { status: 201, body: { _id: 'd2', name: 'Sales', jobCount: 0 } },
      },
    });
    const section = await screen.findByTestId('departments');
    const name = within(section).getByRole('textbox', { name: 'Department name' });
    await userEvent.type(name, 'Engineering');
    await userEvent.click(within(section).getByRole('button', { name: 'Add' }));
    expect(
      await within(section).findByText('There is already a department by that name'),
    ).toBeVisible();
    await userEvent.clear(name);
    await userEvent.type(name, ' Sales ');
    await userEvent.click(within(section).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(
        fetchMock.calls.filter((call) => call.method === 'POST').map((call) => call.body),
      ).toEqual([{ name: 'Engineering' }, { name: 'Sales' }]),
    );
  });
});
