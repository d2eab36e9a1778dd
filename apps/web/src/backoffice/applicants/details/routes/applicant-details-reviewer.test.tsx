import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../../../common/test/render-screen';
import {
  findHeading,
  makeApplicant,
  renderDetails,
  resetDetailsScreen,
} from './applicant-details-suite';

vi.mock('../../player/interview-player', async () => ({
  InterviewPlayer: (await import('./applicant-details-fakes')).FakeInterviewPlayer,
}));
vi.mock('../../../../common/realtime', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useApplicantEvents: (await import('./applicant-details-fakes')).useFakeApplicantEvents,
}));

beforeEach(resetDetailsScreen);

const REVIEWER = {
  ...TEST_USER,
  _id: 'u9',
  fName: 'Rita',
  lName: 'Reviewer',
  orgRole: 'reviewer' as const,
};

describe('ApplicantDetailsPage: a reviewer', () => {
  it('rates and writes notes, but gets no status, applicant menu or share links, and removes only their own note', async () => {
    const base = makeApplicant();
    const own = {
      id: 'n2',
      txt: 'Calm answers',
      createdAt: '2024-05-02T11:00:00.000Z',
      owner: { _id: 'u9', fName: 'Rita', lName: 'Reviewer' },
    };
    renderDetails({ user: REVIEWER, applicant: makeApplicant({ notes: [...base.notes, own] }) });
    await findHeading();
    expect(screen.getByTestId('status-badge')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Status:/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Noa Cohen' })).toBeNull();
    expect(screen.queryByTestId('share-links-card')).toBeNull();
    // Rating and writing notes stay.
    expect(screen.getAllByRole('group', { name: /^My rating:/ }).length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: 'New note' })).toBeVisible();
    const notes = screen.getAllByTestId('note');
    expect(notes).toHaveLength(2);
    const removable = notes.filter(
      (note) => within(note).queryByRole('button', { name: 'Remove note' }) !== null,
    );
    expect(removable).toHaveLength(1);
    expect(removable[0]).toHaveTextContent('Calm answers');
  });

  it('gives a recruiter the status control and the applicant menu', async () => {
    renderDetails({ user: { ...TEST_USER, orgRole: 'recruiter' } });
    await findHeading();
    expect(screen.getByRole('button', { name: /^Status:/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Actions for Noa Cohen' })).toBeVisible();
    expect(screen.queryByTestId('status-badge')).toBeNull();
  });
});
