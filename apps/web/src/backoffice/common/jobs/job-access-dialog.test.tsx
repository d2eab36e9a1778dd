import type { JobAccessMember, JobAccessResponse } from '@candid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, renderScreen, TEST_USER } from '../test/render-screen';
import { JobAccessDialog } from './job-access-dialog';

function person(patch: Partial<JobAccessMember>): JobAccessMember {
  return {
    _id: 'u1',
    fName: 'Dana',
    lName: 'Levi',
    email: 'dana@example.com',
    orgRole: 'owner',
    canSee: true,
    ...patch,
  };
}

const OWNER = person({});
const RECRUITER = person({
  _id: 'u2',
  fName: 'Mia',
  lName: 'Cohen',
  email: 'mia@example.com',
  orgRole: 'recruiter',
});
const RITA = person({
  _id: 'u3',
  fName: 'Rita',
  lName: 'Roth',
  email: 'rita@example.com',
  orgRole: 'reviewer',
  canSee: true,
});
const NOA = person({
  _id: 'u4',
  fName: 'Noa',
  lName: 'Bar',
  email: 'noa@example.com',
  orgRole: 'reviewer',
  canSee: false,
});

function access(members: JobAccessMember[], canManage: boolean): { body: JobAccessResponse } {
  return { body: { members, canManage } };
}

function renderDialog(routes: Parameters<typeof renderScreen>[1]['routes'], onClose = vi.fn()) {
  const view = renderScreen(
    <JobAccessDialog jobId="j1" jobTitle="Support lead" opened onClose={onClose} />,
    { path: '/backoffice/job', user: TEST_USER, routes },
  );
  return { ...view, onClose };
}

describe('JobAccessDialog', () => {
  it('lets the owner choose the reviewers who see the job, and saves the whole set', async () => {
    const { fetchMock, onClose } = renderDialog({
      'GET job/j1/access': access([OWNER, RECRUITER, RITA, NOA], true),
      'PUT job/j1/access': access(
        [OWNER, RECRUITER, { ...RITA, canSee: false }, { ...NOA, canSee: true }],
        true,
      ),
    });
    const dialog = await screen.findByRole('dialog', { name: /Who can see this job/ });
    const everyone = await within(dialog).findAllByTestId('access-member');
    expect(everyone.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Sees every job'),
      expect.stringContaining('Sees every job'),
    ]);
    const rita = within(dialog).getByRole('checkbox', { name: 'Rita Roth' });
    const noa = within(dialog).getByRole('checkbox', { name: 'Noa Bar' });
    expect(rita).toBeChecked();
    expect(noa).not.toBeChecked();
    await userEvent.click(rita);
    await userEvent.click(noa);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetchMock.callsTo('PUT job/j1/access').map((call) => call.body)).toEqual([
        { reviewerIds: ['u4'] },
      ]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Saved: the chosen reviewers see this job')).toBeVisible();
  });

  it('shows a recruiter who sees the job, with nothing to change', async () => {
    const { fetchMock } = renderDialog({
      'GET job/j1/access': access([OWNER, RECRUITER, RITA, NOA], false),
    });
    const dialog = await screen.findByRole('dialog', { name: /Who can see this job/ });
    const reviewers = await within(dialog).findAllByTestId('access-reviewer');
    expect(reviewers[0]).toHaveTextContent('Sees this job');
    expect(reviewers[1]).toHaveTextContent('Does not see this job');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(fetchMock.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('points the owner to the Team screen while there are no reviewers', async () => {
    renderDialog({ 'GET job/j1/access': access([OWNER, RECRUITER], true) });
    const empty = await screen.findByTestId('access-no-reviewers');
    expect(empty).toHaveTextContent('No reviewers yet');
    expect(within(empty).getByRole('link', { name: 'Go to Team' })).toHaveAttribute(
      'href',
      '/backoffice/team',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let calls = 0;
    renderDialog({
      'GET job/j1/access': () => {
        calls += 1;
        return calls === 1 ? apiError(500, 'INTERNAL_ERR') : access([OWNER], true);
      },
    });
    expect(await screen.findByText('Could not load who can see this job.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('access-no-reviewers')).toBeVisible();
  });
});
