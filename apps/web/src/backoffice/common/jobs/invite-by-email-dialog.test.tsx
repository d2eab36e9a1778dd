import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen, TEST_USER } from '../test/render-screen';
import { InviteByEmailDialog } from './invite-by-email-dialog';

const JOB = {
  _id: 'job-1',
  info: { title: 'Backend developer' },
  company: { name: 'Acme', logoUrl: '/api/files/org/logo.png' },
};

function renderDialog(routes = {}, onClose = vi.fn(), language: 'en' | 'he' = 'en') {
  const view = renderScreen(<InviteByEmailDialog job={JOB} opened onClose={onClose} />, {
    path: '/backoffice/job',
    user: TEST_USER,
    routes,
    language,
  });
  return { ...view, onClose };
}

describe('InviteByEmailDialog', () => {
  it('reads the pasted people, previews the e-mail and sends them with the message', async () => {
    const user = userEvent.setup();
    const { fetchMock, onClose } = renderDialog({
      'POST job/job-1/invitations': {
        status: 201,
        body: {
          invited: [
            { id: 'a1', email: 'dana@example.com' },
            { id: 'a2', email: 'avi@example.com' },
          ],
        },
      },
    });
    // Pasted, as a list copied from a spreadsheet or an address book arrives.
    await user.click(await screen.findByTestId('invite-list'));
    await user.paste('Dana Levi, dana@example.com, 050-1234567\navi@example.com, Avi');
    expect(screen.getAllByTestId('invite-row')).toHaveLength(2);
    expect(screen.getByText('2 people')).toBeInTheDocument();
    const preview = screen.getByTestId('invite-preview');
    expect(within(preview).getByText('Video interview: Backend developer')).toBeInTheDocument();
    expect(within(preview).getByText('Hi Dana,')).toBeInTheDocument();
    expect(within(preview).getByText('Start your interview')).toBeInTheDocument();
    expect(within(preview).getByRole('img', { name: 'Acme' })).toHaveAttribute(
      'src',
      '/api/files/org/logo.png',
    );

    await user.click(screen.getByTestId('invite-send'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = fetchMock.callsTo('POST job/job-1/invitations');
    expect(call!.body).toEqual({
      rows: [
        { fName: 'Dana', lName: 'Levi', email: 'dana@example.com', phone: '050-1234567' },
        { fName: 'Avi', lName: '', email: 'avi@example.com', phone: '' },
      ],
      subject: 'Video interview: Backend developer',
      message: expect.stringContaining('Backend developer'),
      language: 'en',
      remind: true,
    });
  });

  it('writes the e-mail in Hebrew when the recruiter picks Hebrew, until they edit it', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(await screen.findByText('עברית'));
    const preview = screen.getByTestId('invite-preview');
    expect(preview).toHaveAttribute('dir', 'rtl');
    expect(within(preview).getByText('ראיון וידאו: Backend developer')).toBeInTheDocument();
    expect(within(preview).getByText('להתחלת הראיון')).toBeInTheDocument();
    const subject = screen.getByLabelText('Subject');
    await user.clear(subject);
    await user.paste('Our interview');
    await user.click(screen.getByText('English'));
    expect(screen.getByLabelText('Subject')).toHaveValue('Our interview');
  });

  it('marks the rows the server refused and says nothing was sent', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog({
      'POST job/job-1/invitations': {
        status: 400,
        body: {
          status: 400,
          key: 'VALIDATION_ERR',
          message: 'invalid',
          issues: [{ path: 'rows.1.email', message: 'validation.ALREADY_APPLICANT_VALIDATE' }],
        },
      },
    });
    await user.click(await screen.findByTestId('invite-list'));
    await user.paste('Dana, dana@example.com\nAvi, avi@example.com');
    await user.click(screen.getByTestId('invite-send'));
    expect(await screen.findByTestId('invite-error')).toHaveTextContent('Nothing was sent');
    const [, second] = screen.getAllByTestId('invite-row');
    expect(second).toHaveTextContent('Row 2');
    expect(second).toHaveTextContent('This person is already an applicant for this job');
    expect(onClose).not.toHaveBeenCalled();
  });

  const MIXED = [
    'Dana Levi, dana@example.com',
    'Avi Cohen',
    'Noa, noa@@example.com',
    'Dana again, DANA@example.com',
    'Yael, yael@example.com',
  ].join('\n');

  it.each([
    [
      'en',
      [
        'No email address on this line',
        'This is not a valid email address',
        'This email address is on an earlier line',
      ],
      'Send 2 invitations',
      '3 lines will not be sent',
    ],
    [
      'he',
      [
        'אין בשורה הזו כתובת אימייל',
        'כתובת האימייל אינה תקינה',
        'כתובת האימייל הזו מופיעה כבר בשורה קודמת',
      ],
      'שליחת 2 הזמנות',
      '3 שורות לא יישלחו',
    ],
  ] as const)(
    'marks each line that would be refused before sending and sends only the kept ones (%s)',
    async (language, reasons, sendLabel, refusedCount) => {
      const user = userEvent.setup();
      const { fetchMock } = renderDialog(
        {
          'POST job/job-1/invitations': {
            status: 201,
            body: { invited: [{ id: 'a1', email: 'dana@example.com' }] },
          },
        },
        vi.fn(),
        language,
      );
      await user.click(await screen.findByTestId('invite-list'));
      await user.paste(MIXED);
      const rows = screen.getAllByTestId('invite-row');
      expect(rows).toHaveLength(5);
      expect(rows.map((row) => row.hasAttribute('data-refused'))).toEqual([
        false,
        true,
        true,
        true,
        false,
      ]);
      expect(rows[1]).toHaveTextContent(reasons[0]);
      expect(rows[2]).toHaveTextContent(reasons[1]);
      expect(rows[3]).toHaveTextContent(reasons[2]);
      expect(within(rows[0]!).queryByTestId('invite-row-reason')).toBeNull();
      expect(screen.getByTestId('invite-count')).toHaveTextContent(refusedCount);
      const send = screen.getByTestId('invite-send');
      expect(send).toHaveTextContent(sendLabel);

      await user.click(send);
      await waitFor(() => expect(fetchMock.callsTo('POST job/job-1/invitations')).toHaveLength(1));
      const body = fetchMock.callsTo('POST job/job-1/invitations')[0]!.body as {
        rows: { email: string }[];
      };
      expect(body.rows.map((row) => row.email)).toEqual(['dana@example.com', 'yael@example.com']);
    },
  );

  it('puts a server issue on the line it came from when refused lines were left out', async () => {
    const user = userEvent.setup();
    renderDialog({
      'POST job/job-1/invitations': {
        status: 400,
        body: {
          status: 400,
          key: 'VALIDATION_ERR',
          message: 'invalid',
          issues: [{ path: 'rows.1.email', message: 'validation.ALREADY_APPLICANT_VALIDATE' }],
        },
      },
    });
    await user.click(await screen.findByTestId('invite-list'));
    await user.paste(MIXED);
    await user.click(screen.getByTestId('invite-send'));
    expect(await screen.findByTestId('invite-error')).toHaveTextContent('Nothing was sent');
    const rows = screen.getAllByTestId('invite-row');
    expect(rows[4]).toHaveTextContent('This person is already an applicant for this job');
    expect(rows[1]).not.toHaveTextContent('already an applicant');
  });

  it('cannot send when every line would be refused', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(await screen.findByTestId('invite-list'));
    await user.paste('Avi Cohen\nNoa, noa-at-example.com');
    expect(screen.getByTestId('invite-send')).toBeDisabled();
    expect(screen.getByTestId('invite-send')).toHaveTextContent('Send 0 invitations');
  });
});
