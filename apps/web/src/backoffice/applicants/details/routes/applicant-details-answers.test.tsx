import type { ApplicantVideosResponse } from '@candid/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../../../common/test/render-screen';
import {
  answer,
  CODE,
  findHeading,
  findPlayer,
  makeApplicant,
  renderDetails,
  resetDetailsScreen,
  RULE_OFF,
  VIDEOS,
  VIDEOS_PATH,
} from './applicant-details-suite';
import { player } from './applicant-details-fakes';

vi.mock('../../player/interview-player', async () => ({
  InterviewPlayer: (await import('./applicant-details-fakes')).FakeInterviewPlayer,
}));
vi.mock('../../../../common/realtime', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useApplicantEvents: (await import('./applicant-details-fakes')).useFakeApplicantEvents,
}));

beforeEach(resetDetailsScreen);

describe('ApplicantDetailsPage: answers', () => {
  it('switches answers from the question list: text, code kept as written, choices, no answer', async () => {
    renderDetails();
    await findHeading();
    expect(await findPlayer()).toBeInTheDocument();
    const items = screen.getAllByTestId('question-item');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveAttribute('aria-current', 'true');

    await userEvent.click(screen.getByRole('button', { name: /Why this job\?/ }));
    expect(screen.getAllByTestId('question-item')[1]).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByTestId('player')).toBeNull();
    expect(screen.getByText(/I love building products\./)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: /Write add\(\)/ }));
    const code = screen.getByTestId('code-answer');
    expect(code.textContent).toBe(CODE);
    expect(code).toHaveAttribute('dir', 'ltr');

    await userEvent.click(screen.getByRole('button', { name: /Which is a UI library\?/ }));
    const options = screen.getAllByTestId('choice-option');
    expect(options.map((option) => [option.dataset.chosen, option.dataset.correct])).toEqual([
      ['true', 'false'],
      ['false', 'true'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: /Show your desk/ }));
    expect(screen.getByTestId('no-answer')).toHaveTextContent('No answer to this question');
  });

  it('shows the score and knockout, and marks each scored answer right or wrong', async () => {
    const plain = makeApplicant();
    const quests = plain.job.quests.map((quest) =>
      quest.id === 'q4' ? { ...quest, scoring: 'knockout' as const } : quest,
    );
    renderDetails({
      applicant: makeApplicant({ score: 0, knockedOut: true, job: { ...plain.job, quests } }),
    });
    await findHeading();
    const card = await screen.findByTestId('score-card');
    expect(card).toHaveTextContent('0%');
    expect(within(card).getByText('Knocked out')).toBeVisible();
    expect(card).toHaveTextContent('Only your team sees this; candidates never do.');
    // The list marks the knockout question wrong (Postgres was chosen); the others carry no mark.
    const icon = await screen.findByRole('img', { name: 'Knockout question: Wrong' });
    expect(icon.closest('[data-testid="question-item"]')).toHaveTextContent(
      'Which is a UI library?',
    );
    expect(screen.getAllByTestId('question-score-icon')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: /Which is a UI library\?/ }));
    const mark = screen.getByTestId('question-score-mark');
    expect(mark).toHaveTextContent('Knockout question');
    expect(mark).toHaveTextContent('Wrong');
  });

  it('has no score card for a job that scores nothing', async () => {
    renderDetails();
    await findHeading();
    await screen.findAllByTestId('question-item');
    expect(screen.queryByTestId('score-card')).toBeNull();
    expect(screen.queryByTestId('question-score-icon')).toBeNull();
  });

  it('passes the bookmarks to the player as markers and jumps to a bookmark', async () => {
    renderDetails();
    const shown = await findPlayer();
    expect(JSON.parse(shown.dataset.markers ?? '[]')).toEqual([
      { seconds: 65, label: 'Great intro' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Jump to 01:05 in question 1' }));
    expect(player.seekTo).toHaveBeenCalledWith(65);
  });

  it('keeps each bookmark on its own answer: marks only that bar, and a jump opens that answer', async () => {
    const base = makeApplicant();
    const quests = base.job.quests.map((quest) =>
      quest.id === 'q2' ? { ...quest, ansRule: { ...RULE_OFF, isVidAns: true } } : quest,
    );
    const applicant = makeApplicant({
      job: { ...base.job, quests },
      notes: [
        ...base.notes,
        {
          id: 'n2',
          txt: 'Second answer, at 20 s',
          createdAt: '2024-05-02T11:00:00.000Z',
          owner: { _id: 'u1', fName: 'Dana', lName: 'Levi' },
          timeStamp: '00:20',
          questId: 'q2',
        },
      ],
    });
    const videos: ApplicantVideosResponse = {
      answerMap: {
        ...VIDEOS.answerMap,
        q2: answer({ faceUrl: '/api/files/q2-face.webm', faceDurationSec: 40 }),
      },
    };
    const view = renderDetails({ applicant, routes: { [VIDEOS_PATH]: { body: videos } } });
    const first = await findPlayer();
    expect(first.dataset.face).toBe('/api/files/q1-face.webm');
    expect(JSON.parse(first.dataset.markers ?? '[]')).toEqual([
      { seconds: 65, label: 'Great intro' },
    ]);

    // The second answer's bookmark names its question; jumping opens that answer and seeks it.
    const chip = screen.getByRole('button', { name: 'Jump to 00:20 in question 2' });
    expect(chip).toHaveTextContent('Question 2 · 00:20');
    await userEvent.click(chip);
    await waitFor(() =>
      expect(screen.getByTestId('player').dataset.face).toBe('/api/files/q2-face.webm'),
    );
    expect(screen.getAllByTestId('question-item')[1]).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(player.seekTo).toHaveBeenCalledWith(20));
    expect(player.seekTo).toHaveBeenCalledTimes(1);
    expect(JSON.parse(screen.getByTestId('player').dataset.markers ?? '[]')).toEqual([
      { seconds: 20, label: 'Second answer, at 20 s' },
    ]);

    // A bookmark added now points into the shown (second) answer.
    await userEvent.type(screen.getByRole('textbox', { name: 'New note' }), 'Pause here');
    await userEvent.type(screen.getByRole('textbox', { name: 'Bookmark minutes' }), '0');
    await userEvent.type(screen.getByRole('textbox', { name: 'Bookmark seconds' }), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(view.updates()).toEqual([
        { id: 'a1', newNote: { txt: 'Pause here', timeStamp: '00:30', questId: 'q2' } },
      ]),
    );
  });
});

describe('ApplicantDetailsPage: notes and bookmarks', () => {
  it('adds a trimmed note with a zero-padded bookmark, which appears in notes and timeline', async () => {
    const view = renderDetails();
    await findHeading();
    await findPlayer();
    const noteBox = screen.getByRole('textbox', { name: 'New note' });
    const minutes = screen.getByRole('textbox', { name: 'Bookmark minutes' });
    const seconds = screen.getByRole('textbox', { name: 'Bookmark seconds' });

    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('This field is required')).toBeVisible();
    expect(view.updates()).toEqual([]);

    await userEvent.type(noteBox, '  Strong answer  ');
    await userEvent.type(minutes, '1');
    await userEvent.type(seconds, '5');
    fireEvent.blur(minutes);
    fireEvent.blur(seconds);
    expect(minutes).toHaveValue('01');
    expect(seconds).toHaveValue('05');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));

    await waitFor(() =>
      expect(view.updates()).toEqual([
        { id: 'a1', newNote: { txt: 'Strong answer', timeStamp: '01:05', questId: 'q1' } },
      ]),
    );
    expect(await screen.findByText('Strong answer')).toBeVisible();
    expect(noteBox).toHaveValue('');
    expect(minutes).toHaveValue('');
    await userEvent.click(screen.getByRole('tab', { name: 'Timeline' }));
    const events = await screen.findAllByTestId('timeline-event');
    expect(events.at(-1)).toHaveTextContent('Strong answer');
  });

  it('attaches no bookmark when only one part is filled', async () => {
    const view = renderDetails();
    await findPlayer();
    await userEvent.type(screen.getByRole('textbox', { name: 'New note' }), 'Only minutes');
    await userEvent.type(screen.getByRole('textbox', { name: 'Bookmark minutes' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(view.updates()).toEqual([{ id: 'a1', newNote: { txt: 'Only minutes' } }]),
    );
  });

  it('reverts a value outside the limits and shows "Outside limits"', async () => {
    player.durationSec = 90;
    renderDetails();
    await findPlayer();
    const minutes = screen.getByRole('textbox', { name: 'Bookmark minutes' });
    const seconds = screen.getByRole('textbox', { name: 'Bookmark seconds' });

    // Seconds above 59.
    await userEvent.type(seconds, '6');
    expect(seconds).toHaveValue('6');
    await userEvent.type(seconds, '0');
    expect(seconds).toHaveValue('6');
    expect(await screen.findByTestId('bookmark-warning')).toHaveTextContent('Outside limits');

    // Past the 90-second video: 01:06 is fine, 02:06 is not.
    await userEvent.type(minutes, '1');
    expect(minutes).toHaveValue('1');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '2');
    expect(minutes).toHaveValue('');

    // Letters and a third digit.
    await userEvent.type(minutes, 'a');
    expect(minutes).toHaveValue('');
    await userEvent.type(minutes, '01');
    await userEvent.type(minutes, '0');
    expect(minutes).toHaveValue('01');
  });

  it('hides the warning after 2.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderDetails();
      await findPlayer();
      const seconds = screen.getByRole('textbox', { name: 'Bookmark seconds' });
      fireEvent.change(seconds, { target: { value: '75' } });
      expect(screen.getByTestId('bookmark-warning')).toBeVisible();
      await vi.advanceTimersByTimeAsync(2400);
      expect(screen.getByTestId('bookmark-warning')).toBeVisible();
      await vi.advanceTimersByTimeAsync(200);
      expect(screen.queryByTestId('bookmark-warning')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('fills the bookmark from the player', async () => {
    player.currentTime = 73.6;
    renderDetails();
    await findPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Use the current video time' }));
    expect(screen.getByRole('textbox', { name: 'Bookmark minutes' })).toHaveValue('01');
    expect(screen.getByRole('textbox', { name: 'Bookmark seconds' })).toHaveValue('13');
  });

  it('has no bookmark inputs without the BOOKMARKS permission', async () => {
    renderDetails({ user: { ...TEST_USER, perm: 1 } });
    await findPlayer();
    expect(screen.getByRole('textbox', { name: 'New note' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Bookmark minutes' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Bookmark seconds' })).toBeNull();
  });

  it('removes a note after confirming, from the notes and from the timeline', async () => {
    const view = renderDetails();
    await findHeading();
    expect(screen.getByText('Great intro')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this note?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(view.updates()).toEqual([]);

    await userEvent.click(screen.getByRole('tab', { name: 'Timeline' }));
    const noteEvent = (await screen.findAllByTestId('timeline-event')).find(
      (event) => event.dataset.type === 'note',
    );
    await userEvent.click(within(noteEvent!).getByRole('button', { name: 'Remove note' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove this note?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(view.updates()).toEqual([{ id: 'a1', removeNoteId: 'n1' }]));
    await waitFor(() => expect(screen.queryByText('Great intro')).toBeNull());
    await userEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(screen.getByText('No notes yet')).toBeVisible();
  });
});
