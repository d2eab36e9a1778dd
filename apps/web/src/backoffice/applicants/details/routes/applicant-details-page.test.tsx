import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, TEST_USER } from '../../../common/test/render-screen';
import {
  DETAILS_PATH,
  findHeading,
  findPlayer,
  makeApplicant,
  renderDetails,
  resetDetailsScreen,
  UPDATE_PATH,
  VIDEOS_PATH,
} from './applicant-details-suite';

vi.mock('../../player/interview-player', async () => ({
  InterviewPlayer: (await import('./applicant-details-fakes')).FakeInterviewPlayer,
}));
vi.mock('../../../../common/realtime', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useApplicantEvents: (await import('./applicant-details-fakes')).useFakeApplicantEvents,
}));

beforeEach(resetDetailsScreen);

describe('ApplicantDetailsPage: loading and leaving', () => {
  it('shows the header, marks an unread applicant read once, and loads the answers once', async () => {
    const view = renderDetails({ applicant: makeApplicant({ isRead: false }) });
    await findHeading();
    expect(screen.getByRole('button', { name: 'Copy Frontend developer' })).toBeVisible();
    expect(screen.getByText('noa@example.com')).toBeVisible();
    expect(screen.getByText('050-1234567')).toBeVisible();
    expect(screen.getByText('Haifa')).toBeVisible();
    await waitFor(() => expect(view.updates()).toEqual([{ id: 'a1', isRead: true }]));
    expect(await findPlayer()).toHaveAttribute('data-face', '/api/files/q1-face.webm');
    expect(view.fetchMock.callsTo(VIDEOS_PATH)).toHaveLength(1);
  });

  it('shows the consent the candidate gave, with the version and the exact text it read', async () => {
    const user = userEvent.setup();
    renderDetails({
      applicant: makeApplicant({
        consent: {
          choice: 'accepted',
          at: '2026-11-29T14:02:00.000Z',
          version: 3,
          text: 'Acme records your video.\nAsk Acme to delete it.',
        },
      }),
    });
    await findHeading();
    const line = screen.getByTestId('applicant-consent');
    expect(line).toHaveTextContent('Consent given');
    expect(line).toHaveTextContent('Nov 29');
    expect(screen.getByTestId('applicant-consent-version')).toHaveTextContent('notice version 3');
    await user.click(screen.getByRole('button', { name: 'Read the notice' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'The consent notice the candidate accepted',
    });
    expect(within(dialog).getByTestId('applicant-consent-text').textContent).toBe(
      'Acme records your video.\nAsk Acme to delete it.',
    );
  });

  it('shows no consent line for an applicant from before the notice', async () => {
    renderDetails({ applicant: makeApplicant({ consent: null }) });
    await findHeading();
    expect(screen.queryByTestId('applicant-consent')).not.toBeInTheDocument();
  });

  it('does not mark a read applicant again', async () => {
    const view = renderDetails();
    await findHeading();
    await findPlayer();
    expect(view.updates()).toEqual([]);
  });

  it('sends a free user opening a locked applicant (403) to the overview with the permissions alert', async () => {
    const view = renderDetails({
      user: { ...TEST_USER, perm: 0 },
      routes: { [DETAILS_PATH]: apiError(403, 'FORBIDDEN_ERR') },
    });
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant'));
    expect(
      await screen.findByText('You dont have enough permissions to complete this action'),
    ).toBeVisible();
    expect(view.fetchMock.callsTo(VIDEOS_PATH)).toHaveLength(0);
  });

  it('sends a missing applicant (404) to the overview with an alert', async () => {
    const view = renderDetails({ routes: { [DETAILS_PATH]: apiError(404, 'NOT_FOUND_ERR') } });
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant'));
    expect(await screen.findByText('Resource not found')).toBeVisible();
  });

  it('goes back to the job overview when not opened from an overview', async () => {
    const view = renderDetails();
    await findHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Back to applicants' }));
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant/j1'));
  });

  it('goes back to the overview it was opened from, with its filters', async () => {
    const view = renderDetails({ from: '/backoffice/applicant?txt=noa' });
    await findHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Back to applicants' }));
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant?txt=noa'));
  });

  it('copies a header value with the "Copied" alert', async () => {
    const user = userEvent.setup();
    renderDetails();
    await findHeading();
    await user.click(screen.getByRole('button', { name: 'Copy noa@example.com' }));
    expect(await navigator.clipboard.readText()).toBe('noa@example.com');
    expect(await screen.findByText('Copied to clipboard')).toBeVisible();
  });
});

describe('ApplicantDetailsPage: status', () => {
  it('is disabled and reads "In progress" until the interview is submitted', async () => {
    renderDetails({
      applicant: makeApplicant({
        timestamp: {
          sent: null,
          opened: '2024-05-01T09:00:00.000Z',
          submitted: null,
          quited: null,
        },
      }),
    });
    await findHeading();
    expect(screen.getByTestId('status-button')).toBeDisabled();
    expect(screen.getByTestId('status-button')).toHaveTextContent('In progress');
  });

  it('reads "Incomplete interview" after a quit, still disabled', async () => {
    renderDetails({
      applicant: makeApplicant({
        timestamp: {
          sent: null,
          opened: '2024-05-01T09:00:00.000Z',
          submitted: null,
          quited: '2024-05-01T09:05:00.000Z',
        },
      }),
    });
    await findHeading();
    expect(screen.getByTestId('status-button')).toBeDisabled();
    expect(screen.getByTestId('status-button')).toHaveTextContent('Incomplete interview');
  });

  it('is disabled for an archived applicant, whose menu offers restore', async () => {
    const view = renderDetails({
      applicant: makeApplicant({ archivedAt: '2024-05-04T08:00:00.000Z' }),
    });
    await findHeading();
    expect(screen.getByTestId('status-button')).toBeDisabled();
    expect(screen.getByTestId('archived-badge')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Noa Cohen' }));
    expect(screen.queryByRole('menuitem', { name: 'Edit details' })).toBeNull();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Restore' }));
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant/j1'));
    expect(view.updates()).toEqual([{ id: 'a1', archivedAt: null }]);
    expect(await screen.findByText('The applicant was restored')).toBeVisible();
  });

  it('groups the statuses, does nothing for the same status, and saves another with its timeline event', async () => {
    const view = renderDetails();
    await findHeading();
    const button = screen.getByTestId('status-button');
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent('Need evaluation');

    await userEvent.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Evaluation')).toBeVisible();
    expect(within(menu).getByText('Recruitment')).toBeVisible();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Need evaluation',
      'Not a fit',
      'Maybe',
      'Good fit',
      'Proceed',
      'Offer sent',
      'Not interested',
      'Hired',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Need evaluation' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Need evaluation' }));
    expect(view.updates()).toEqual([]);

    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Good fit' }));
    expect(screen.getByTestId('status-button')).toHaveTextContent('Good fit');
    await waitFor(() => expect(view.updates()).toEqual([{ id: 'a1', status: 3 }]));

    await userEvent.click(screen.getByRole('tab', { name: 'Timeline' }));
    expect(await screen.findByText('Status changed to Good fit')).toBeVisible();
  });

  it('puts the status back and shows the failure alert when the save fails', async () => {
    renderDetails({ routes: { [UPDATE_PATH]: apiError(500, 'INTERNAL_ERR') } });
    await findHeading();
    await userEvent.click(screen.getByTestId('status-button'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Hired' }));
    expect(await screen.findByText('Could not update the status')).toBeVisible();
    expect(screen.getByTestId('status-button')).toHaveTextContent('Need evaluation');
  });
});
