import { REALTIME_EVENTS, type Accommodation } from '@candid/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../common/test/render-screen';
import {
  DETAILS_PATH,
  findHeading,
  makeApplicant,
  renderDetails,
  resetDetailsScreen,
} from './applicant-details-suite';
import { realtime } from './applicant-details-fakes';

vi.mock('../../player/interview-player', async () => ({
  InterviewPlayer: (await import('./applicant-details-fakes')).FakeInterviewPlayer,
}));
vi.mock('../../../../common/realtime', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useApplicantEvents: (await import('./applicant-details-fakes')).useFakeApplicantEvents,
}));

beforeEach(resetDetailsScreen);

describe('ApplicantDetailsPage: applicant menu', () => {
  it('edit: submit stays blocked while a field has an error, then saves', async () => {
    const view = renderDetails();
    await findHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Noa Cohen' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit applicant' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const firstName = within(dialog).getByRole('textbox', { name: /First name/ });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });

    await userEvent.clear(firstName);
    expect(within(dialog).getByText('This field is required')).toBeVisible();
    expect(save).toBeDisabled();
    await userEvent.type(firstName, 'Noam');
    expect(save).toBeEnabled();

    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    expect(within(dialog).getByText('Please enter a valid email')).toBeVisible();
    expect(save).toBeDisabled();
    fireEvent.submit(save.closest('form')!);
    expect(view.updates()).toEqual([]);

    await userEvent.clear(email);
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Phone' }));
    await userEvent.click(save);
    await waitFor(() =>
      expect(view.updates()).toEqual([
        {
          id: 'a1',
          info: { fName: 'Noam', lName: 'Cohen', email: '', phone: '', hometown: 'Haifa' },
        },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Noam Cohen', level: 1 })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('archive: saves, shows the alert and goes back to the job overview', async () => {
    const view = renderDetails();
    await findHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Noa Cohen' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant/j1'));
    const [change] = view.updates();
    expect(change?.archivedAt).toEqual(expect.any(String));
    expect(await screen.findByText('The applicant was archived')).toBeVisible();
  });

  it('offers to view and download the CV', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderDetails();
    await findHeading();
    await userEvent.click(screen.getByRole('button', { name: 'CV' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'View CV' }));
    expect(open).toHaveBeenCalledWith('/api/files/cv.pdf?sig=1', '_blank', 'noopener,noreferrer');
    await userEvent.click(screen.getByRole('button', { name: 'CV' }));
    expect(await screen.findByRole('menuitem', { name: 'Download CV' })).toBeVisible();
  });
});

describe('ApplicantDetailsPage: adjustment requests', () => {
  const PENDING: Accommodation = {
    extraTimePct: 50,
    extraRetakes: 1,
    reason: 'I have dyslexia and read slowly.',
    status: 'pending',
    requestedAt: '2024-05-01T09:01:00.000Z',
    decidedAt: null,
  };
  const DECIDE_PATH = 'PUT job/j1/a1/accommodation';

  it('shows a pending request with its reason, approves it, then keeps it as history', async () => {
    const decided: Accommodation = {
      ...PENDING,
      status: 'approved',
      decidedAt: '2024-05-01T09:05:00.000Z',
    };
    // The fake server keeps the decision, as the real one does.
    let stored = makeApplicant({ accommodation: PENDING });
    const view = renderDetails({
      applicant: stored,
      routes: {
        [DETAILS_PATH]: () => ({ body: { applicant: stored } }),
        [DECIDE_PATH]: () => {
          stored = { ...stored, accommodation: decided };
          return { body: { accommodation: decided } };
        },
      },
    });
    const card = await screen.findByTestId('accommodation-card');
    expect(card).toHaveAttribute('data-status', 'pending');
    expect(within(card).getByText('50 % more time on each question')).toBeVisible();
    expect(within(card).getByText('1 extra take of each answer')).toBeVisible();
    expect(within(card).getByText('I have dyslexia and read slowly.')).toBeVisible();
    expect(within(card).getByText('Waiting for you')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(card).toHaveAttribute('data-status', 'approved'));
    expect(view.fetchMock.callsTo(DECIDE_PATH).map((call) => call.body)).toEqual([
      { decision: 'approved' },
    ]);
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(within(card).getByText('Approved')).toBeVisible();
  });

  it('shows no card without a request, and names the timeline events', async () => {
    renderDetails({
      applicant: makeApplicant({
        timeline: [
          { type: 'activity', activity: 'created', createdAt: '2024-05-01T09:00:00.000Z' },
          {
            type: 'activity',
            activity: 'accommodationRequested',
            createdAt: '2024-05-01T09:01:00.000Z',
          },
          {
            type: 'activity',
            activity: 'accommodationDeclined',
            createdAt: '2024-05-01T09:02:00.000Z',
          },
        ],
      }),
    });
    await findHeading();
    expect(screen.queryByTestId('accommodation-card')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Timeline' }));
    expect(await screen.findByText('Asked for an adjustment')).toBeVisible();
    expect(screen.getByText('Adjustment declined')).toBeVisible();
  });

  it("shows the candidate's request as it arrives, without a reload", async () => {
    let stored = makeApplicant();
    renderDetails({
      applicant: stored,
      routes: { [DETAILS_PATH]: () => ({ body: { applicant: stored } }) },
    });
    await findHeading();
    expect(screen.queryByTestId('accommodation-card')).toBeNull();
    stored = { ...stored, accommodation: PENDING };
    act(() =>
      realtime.handler?.({
        name: REALTIME_EVENTS.SAVE_APPLICANT,
        payload: {
          userId: 'u1',
          data: {
            type: 'updated',
            jobId: 'j1',
            applicant: {
              id: 'a1',
              info: { fName: 'Noa', lName: 'Cohen' },
              jobInfo: { title: 'Frontend developer', jobId: 'j1' },
            },
          },
        },
      }),
    );
    expect(await screen.findByTestId('accommodation-card')).toHaveAttribute(
      'data-status',
      'pending',
    );
  });
});

describe('ApplicantDetailsPage: data requests', () => {
  const EXPORT_PATH = 'GET job/j1/a1/export';
  const DELETE_PATH = 'DELETE job/j1/a1/data';

  it('exports the applicant as the zip the server names', async () => {
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:export';
    });
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs: the test gives them and takes them back afterwards.
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    const view = renderDetails({
      routes: {
        [EXPORT_PATH]: {
          file: { bytes: 'PK-zip-bytes', type: 'application/zip', fileName: 'applicant-a1.zip' },
        },
      },
    });
    await findHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Noa Cohen' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Export data \(zip\)/ }));
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:export', download: 'applicant-a1.zip' }]),
    );
    expect(view.fetchMock.callsTo(EXPORT_PATH)).toHaveLength(1);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(await blob.text()).toBe('PK-zip-bytes');
    expect(await screen.findByText("The applicant's data was downloaded.")).toBeVisible();
    click.mockRestore();
    Object.assign(URL, saved);
  });

  it('deletes the applicant only after the confirmation, then goes back to the overview', async () => {
    const view = renderDetails({ routes: { [DELETE_PATH]: { body: { deletedCount: 1 } } } });
    await findHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Noa Cohen' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Delete applicant and data' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Delete this applicant for good?' });
    expect(
      within(dialog).getByText(/Noa Cohen.+\(.+Frontend developer.+\) will be deleted now/),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.fetchMock.callsTo(DELETE_PATH)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Noa Cohen' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Delete applicant and data' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Delete this applicant for good?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(view.currentUrl()).toBe('/backoffice/applicant/j1'));
    expect(view.fetchMock.callsTo(DELETE_PATH)).toHaveLength(1);
    expect(await screen.findByText('The applicant and their data were deleted.')).toBeVisible();
  });

  it('says so when the server refuses the deletion, and stays', async () => {
    const view = renderDetails({ routes: { [DELETE_PATH]: apiError(404, 'NOT_FOUND_ERR') } });
    await findHeading();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Noa Cohen' }));
    await userEvent.click(
      await screen.findByRole('menuitem', { name: 'Delete applicant and data' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this applicant for good?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(view.fetchMock.callsTo(DELETE_PATH)).toHaveLength(1));
    expect(view.currentUrl()).toBe('/backoffice/details/j1/a1');
  });
});
