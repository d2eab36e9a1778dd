import {
  REALTIME_EVENTS,
  type Accommodation,
  type ApplicantChange,
  type ApplicantDetails,
  type ApplicantListItem,
  type ApplicantVideosResponse,
  type ReviewAnswer,
} from '@candid/domain';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forwardRef, useEffect, useImperativeHandle } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  renderScreen,
  TEST_USER,
  type FakeRoute,
  type FetchCall,
} from '../../../common/test/render-screen';
import type { ApplicantEventHandler } from '../../../../common/realtime';
import type { InterviewPlayerHandle, InterviewPlayerProps } from '../../player/interview-player';
import { ApplicantDetailsPage } from './applicant-details-page';

/**
 * The real player needs media elements jsdom cannot play; this stand-in keeps its contract: a
 * handle whose seekTo is recorded, and a first time report with the video's duration.
 */
const player = vi.hoisted(() => ({
  seekTo: vi.fn<(seconds: number) => void>(),
  currentTime: 0,
  durationSec: 90,
}));

vi.mock('../../player/interview-player', () => ({
  InterviewPlayer: forwardRef<InterviewPlayerHandle, InterviewPlayerProps>(
    function FakeInterviewPlayer({ faceUrl, screenUrl, markers, onTimeChange }, ref) {
      useImperativeHandle(ref, () => ({
        seekTo: (seconds) => player.seekTo(seconds),
        getCurrentTime: () => player.currentTime,
        getDuration: () => player.durationSec,
      }));
      useEffect(() => {
        onTimeChange?.(0, player.durationSec);
        // Reports once per mounted answer, like the real player's first duration report.
        // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount, on purpose
      }, []);
      return (
        <div
          data-testid="player"
          data-face={faceUrl ?? ''}
          data-screen={screenUrl ?? ''}
          data-markers={JSON.stringify(markers ?? [])}
        />
      );
    },
  ),
}));

const realtime = vi.hoisted(() => ({ handler: null as ApplicantEventHandler | null }));
vi.mock('../../../../common/realtime', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useApplicantEvents: (handler: ApplicantEventHandler) => {
    realtime.handler = handler;
  },
}));

const RULE_OFF = {
  isVidAns: false,
  isScreenAns: false,
  isTxtAns: false,
  isImgAns: false,
  isCodeAns: false,
  isMultiChoiceAns: false,
};

const CODE = 'function add(a, b) {\n    return a + b;\n}';

function makeApplicant(patch: Partial<ApplicantDetails> = {}): ApplicantDetails {
  return {
    id: 'a1',
    info: {
      fName: 'Noa',
      lName: 'Cohen',
      email: 'noa@example.com',
      phone: '050-1234567',
      hometown: 'Haifa',
      imgUrl: null,
      cvUrl: '/api/files/cv.pdf?sig=1',
      cvDownloadUrl: '/api/files/cv.pdf?sig=2&download=1',
      cv: 'cv.pdf-1700000000000',
      isPreview: false,
    },
    jobInfo: { title: 'Frontend developer', jobId: 'j1' },
    status: 0,
    timestamp: {
      sent: null,
      opened: '2024-05-01T09:00:00.000Z',
      submitted: '2024-05-01T09:20:00.000Z',
      quited: null,
    },
    isRead: true,
    isFree: true,
    isLocked: false,
    archivedAt: null,
    incomplete: false,
    rating: { avg: 4, count: 1 },
    score: null,
    knockedOut: false,
    ratings: {
      summary: { avg: 4, count: 1 },
      ratings: [
        {
          reviewer: { _id: 'u2', fName: 'Mia', lName: 'Levi' },
          targetType: 'criterion',
          targetId: 'overall',
          score: 4,
          updatedAt: '2024-05-02T11:00:00.000Z',
        },
      ],
    },
    notes: [
      {
        id: 'n1',
        txt: 'Great intro',
        createdAt: '2024-05-02T10:00:00.000Z',
        owner: { _id: 'u1', fName: 'Dana', lName: 'Levi' },
        timeStamp: '01:05',
        questId: 'q1',
      },
    ],
    timeline: [
      { type: 'activity', activity: 'created', createdAt: '2024-05-01T09:00:00.000Z' },
      { type: 'activity', activity: 'submitted', createdAt: '2024-05-01T09:20:00.000Z' },
      {
        type: 'note',
        noteId: 'n1',
        txt: 'Great intro',
        createdAt: '2024-05-02T10:00:00.000Z',
        timeStamp: '01:05',
        questId: 'q1',
      },
    ],
    job: {
      _id: 'j1',
      title: 'Frontend developer',
      archivedAt: null,
      scorecard: [
        { id: 'overall', label: 'Overall' },
        { id: 'skills', label: 'Technical skills' },
      ],
      quests: [
        {
          id: 'q1',
          txt: 'Introduce yourself',
          desc: '',
          vidUrl: null,
          timeLimit: 2,
          ansRule: { ...RULE_OFF, isVidAns: true },
        },
        {
          id: 'q2',
          txt: 'Why this job?',
          desc: '',
          vidUrl: null,
          timeLimit: 2,
          ansRule: { ...RULE_OFF, isTxtAns: true },
        },
        {
          id: 'q3',
          txt: 'Write add()',
          desc: '',
          vidUrl: null,
          timeLimit: 5,
          ansRule: { ...RULE_OFF, isCodeAns: true },
        },
        {
          id: 'q4',
          txt: 'Which is a UI library?',
          desc: '',
          vidUrl: null,
          timeLimit: 2,
          ansRule: { ...RULE_OFF, isMultiChoiceAns: true },
          opts: [
            { txt: 'Postgres', isCorrect: false },
            { txt: 'React', isCorrect: true },
          ],
        },
        {
          id: 'q5',
          txt: 'Show your desk',
          desc: '',
          vidUrl: null,
          timeLimit: 2,
          ansRule: { ...RULE_OFF, isImgAns: true },
        },
      ],
    },
    ...patch,
  };
}

function answer(patch: Partial<ReviewAnswer>): ReviewAnswer {
  return {
    resTime: 30,
    faceUrl: null,
    screenUrl: null,
    imgUrl: null,
    txt: null,
    optIdx: null,
    faceDurationSec: null,
    screenDurationSec: null,
    ...patch,
  };
}

const VIDEOS: ApplicantVideosResponse = {
  answerMap: {
    q1: answer({ faceUrl: '/api/files/q1-face.webm', faceDurationSec: 90 }),
    q2: answer({ txt: 'I love building products.\nEvery day.' }),
    q3: answer({ txt: CODE }),
    q4: answer({ optIdx: [0] }),
  },
};

function listItem(details: ApplicantDetails): ApplicantListItem {
  const { info, jobInfo, status, timestamp, isRead, isFree, isLocked, archivedAt, incomplete } =
    details;
  return {
    id: details.id,
    info: {
      fName: info.fName,
      lName: info.lName,
      email: info.email,
      phone: info.phone,
      hometown: info.hometown,
      imgUrl: info.imgUrl,
    },
    jobInfo,
    status,
    timestamp,
    isRead,
    isFree,
    isLocked,
    archivedAt,
    incomplete,
    rating: details.rating,
    score: details.score,
    knockedOut: details.knockedOut,
  };
}

const DETAILS_PATH = 'GET job/j1/a1';
const VIDEOS_PATH = 'GET job/applicantVideos/a1/j1';
const UPDATE_PATH = 'PUT job/applicant';

/**
 * Renders the screen against a small fake server: the details it holds change with every
 * accepted `PUT job/applicant`, as the real one does (status event, notes, info, archive).
 */
function renderDetails({
  applicant = makeApplicant(),
  user = TEST_USER,
  routes = {},
  from,
}: {
  applicant?: ApplicantDetails;
  user?: typeof TEST_USER;
  routes?: Record<string, FakeRoute>;
  /** Open the details from this overview (a link with its state), not by address. */
  from?: string;
} = {}) {
  let stored = applicant;
  let noteCount = 0;
  const view = renderScreen(<ApplicantDetailsPage />, {
    path: '/backoffice/details/:jobId/:applicantId',
    initialEntry: from ?? '/backoffice/details/j1/a1',
    user,
    routes: {
      [DETAILS_PATH]: () => ({ body: { applicant: stored } }),
      [VIDEOS_PATH]: { body: VIDEOS },
      [UPDATE_PATH]: (call) => {
        const [change] = (call.body as { applicants: ApplicantChange[] }).applicants;
        if (!change) return apiError(400, 'VALIDATION_ERR');
        const now = '2024-05-03T12:00:00.000Z';
        if (change.status !== undefined && change.status !== stored.status) {
          stored = {
            ...stored,
            status: change.status,
            timeline: [
              ...stored.timeline,
              { type: 'status', statusCode: change.status, createdAt: now },
            ],
          };
        }
        if (change.isRead !== undefined) stored = { ...stored, isRead: change.isRead };
        if (change.archivedAt !== undefined) stored = { ...stored, archivedAt: change.archivedAt };
        if (change.newNote) {
          noteCount += 1;
          const id = `new${noteCount}`;
          const { txt, timeStamp, questId } = change.newNote;
          stored = {
            ...stored,
            notes: [
              ...stored.notes,
              {
                id,
                txt,
                createdAt: now,
                owner: { _id: 'u1', fName: 'Dana', lName: 'Levi' },
                timeStamp,
                questId,
              },
            ],
            timeline: [
              ...stored.timeline,
              { type: 'note', noteId: id, txt, createdAt: now, timeStamp, questId },
            ],
          };
        }
        if (change.removeNoteId) {
          stored = {
            ...stored,
            notes: stored.notes.filter((note) => note.id !== change.removeNoteId),
            timeline: stored.timeline.filter(
              (event) => !(event.type === 'note' && event.noteId === change.removeNoteId),
            ),
          };
        }
        if (change.info) {
          stored = {
            ...stored,
            info: {
              ...stored.info,
              ...change.info,
              lName: change.info.lName ?? '',
              email: change.info.email ?? '',
              phone: change.info.phone ?? '',
              hometown: change.info.hometown ?? '',
            },
          };
        }
        return { body: { applicants: [listItem(stored)] } };
      },
      ...routes,
    },
  });
  if (from !== undefined) {
    void view.router.navigate('/backoffice/details/j1/a1', { state: { from } });
  }
  const updates = () =>
    view.fetchMock
      .callsTo(UPDATE_PATH)
      .map((call) => (call.body as { applicants: ApplicantChange[] }).applicants[0]);
  return { ...view, updates };
}

/** Whole screens render slowly on busy test machines: wait longer than the default second. */
const SLOW = { timeout: 8000 };

async function findHeading() {
  return screen.findByRole('heading', { name: 'Noa Cohen', level: 1 }, SLOW);
}

async function findPlayer() {
  return screen.findByTestId('player', {}, SLOW);
}

beforeEach(() => {
  // Mantine keeps its notifications in a module store: start each test with none shown.
  act(() => notifications.clean());
  player.seekTo.mockClear();
  player.currentTime = 0;
  player.durationSec = 90;
});

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
    const card = await screen.findByTestId('accommodation-card', undefined, SLOW);
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

describe('ApplicantDetailsPage: scorecard and ratings', () => {
  const RATE_PATH = 'PUT job/j1/a1/rating';

  /** The star a user clicks: the radio's label. */
  const starOf = (radio: HTMLElement) => (radio as HTMLInputElement).labels![0]!;

  /**
   * A fake rating call that keeps Dana's (u1) ratings beside Mia's, with the summary, and the
   * details call that answers them (the server's truth after a refetch).
   */
  function ratingRoutes(options: { fail?: boolean } = {}): Record<string, FakeRoute> {
    const applicant = makeApplicant();
    let ratings = applicant.ratings;
    return {
      [DETAILS_PATH]: () => ({ body: { applicant: { ...applicant, ratings } } }),
      [RATE_PATH]: (call: FetchCall) => {
        if (options.fail) return apiError(500, 'INTERNAL_ERR');
        const body = call.body as {
          targetType: 'criterion' | 'question';
          targetId: string;
          score: number | null;
        };
        const list = ratings.ratings.filter(
          (r) =>
            !(
              r.reviewer?._id === 'u1' &&
              r.targetType === body.targetType &&
              r.targetId === body.targetId
            ),
        );
        if (body.score !== null) {
          list.push({
            reviewer: { _id: 'u1', fName: 'Dana', lName: 'Levi' },
            targetType: body.targetType,
            targetId: body.targetId,
            score: body.score,
            updatedAt: '2024-05-03T12:00:00.000Z',
          });
        }
        const scored = list.filter((r) => r.targetType === 'criterion');
        const avg = scored.length
          ? scored.reduce((sum, r) => sum + r.score, 0) / scored.length
          : null;
        ratings = { summary: { avg, count: scored.length }, ratings: list };
        return { body: { ratings } };
      },
    };
  }

  it('shows the team average, each criterion with who rated, and the answer rating', async () => {
    renderDetails();
    await findHeading();
    const scorecard = await screen.findByTestId('scorecard', {}, SLOW);
    expect(within(scorecard).getByRole('heading', { name: 'Scorecard' })).toBeVisible();
    expect(
      within(scorecard).getAllByRole('img', { name: 'Average rating 4 from one reviewer' })[0],
    ).toBeVisible();
    expect(within(scorecard).getByText('Rated by one reviewer')).toBeVisible();
    const criteria = within(scorecard).getAllByTestId('rated-target');
    expect(criteria.map((item) => item.dataset.target)).toEqual(['overall', 'skills']);
    expect(within(criteria[0]!).getByText('Mia Levi')).toBeVisible();
    expect(within(criteria[1]!).getByText('No ratings yet')).toBeVisible();
    // My stars are radio buttons named by their score; nothing chosen yet.
    const mine = within(criteria[0]!).getByRole('group', { name: 'My rating: Overall' });
    // Five stars and Mantine's "none" radio before them.
    expect(within(mine).getAllByRole('radio')).toHaveLength(6);
    expect(within(mine).getByRole('radio', { name: 'No rating' })).toBeChecked();
    expect(within(mine).getByRole('radio', { name: '3 of 5 stars' })).not.toBeChecked();
    expect(screen.getByTestId('answer-rating')).toHaveTextContent('Answer 1');
  });

  it('saves my rating from the stars and clears it, refreshing the details', async () => {
    const user = userEvent.setup();
    const view = renderDetails({ routes: ratingRoutes() });
    await findHeading();
    const scorecard = await screen.findByTestId('scorecard', {}, SLOW);
    const overall = within(scorecard).getByRole('group', { name: 'My rating: Overall' });
    // From the keyboard: the star in focus is set with Enter.
    within(overall).getByRole('radio', { name: '2 of 5 stars' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(view.fetchMock.callsTo(RATE_PATH).map((call) => call.body)).toEqual([
        { targetType: 'criterion', targetId: 'overall', score: 2 },
      ]),
    );
    // The answer of the call shows at once: my score among the team's, and the new average.
    expect(await within(scorecard).findByText('You')).toBeVisible();
    expect(
      within(scorecard).getAllByRole('img', { name: 'Average rating 3 from 2 reviewers' })[0],
    ).toBeVisible();
    expect(overall).toHaveAttribute('data-value', '2');
    // The details are read again for the timeline.
    await waitFor(() => expect(view.fetchMock.callsTo(DETAILS_PATH).length).toBeGreaterThan(1));
    await user.click(within(scorecard).getByRole('button', { name: 'Clear my rating: Overall' }));
    await waitFor(() =>
      expect(view.fetchMock.callsTo(RATE_PATH).at(-1)?.body).toEqual({
        targetType: 'criterion',
        targetId: 'overall',
        score: null,
      }),
    );
    await waitFor(() => expect(within(scorecard).queryByText('You')).toBeNull());
    // An answer is rated on its own target.
    const answer = screen.getByTestId('answer-rating');
    // With the mouse: a click on the star (the radio's label).
    await user.click(starOf(within(answer).getByRole('radio', { name: '5 of 5 stars' })));
    await waitFor(() =>
      expect(view.fetchMock.callsTo(RATE_PATH).at(-1)?.body).toEqual({
        targetType: 'question',
        targetId: 'q1',
        score: 5,
      }),
    );
  });

  it('puts the stars back and alerts when the save fails', async () => {
    const user = userEvent.setup();
    renderDetails({ routes: ratingRoutes({ fail: true }) });
    await findHeading();
    const scorecard = await screen.findByTestId('scorecard', {}, SLOW);
    const skills = within(scorecard).getByRole('group', { name: 'My rating: Technical skills' });
    await user.click(starOf(within(skills).getByRole('radio', { name: '4 of 5 stars' })));
    expect(await screen.findByText('Could not save the rating')).toBeVisible();
    await waitFor(() => expect(skills).toHaveAttribute('data-value', ''));
  });

  it('lists ratings on the timeline with the reviewer, target and score', async () => {
    const user = userEvent.setup();
    renderDetails({
      applicant: makeApplicant({
        timeline: [
          { type: 'activity', activity: 'created', createdAt: '2024-05-01T09:00:00.000Z' },
          {
            type: 'rating',
            targetType: 'criterion',
            targetId: 'overall',
            label: 'Overall',
            score: 4,
            reviewer: 'Mia Levi',
            createdAt: '2024-05-02T11:00:00.000Z',
          },
          {
            type: 'rating',
            targetType: 'question',
            targetId: 'q1',
            label: 'Introduce yourself',
            score: null,
            reviewer: null,
            createdAt: '2024-05-02T12:00:00.000Z',
          },
        ],
      }),
    });
    await findHeading();
    await user.click(screen.getByRole('tab', { name: 'Timeline' }));
    const timeline = await screen.findByTestId('timeline');
    // Names and labels are bidirectional isolates (FSI…PDI) inside the sentence.
    const isolated = (text: string) => `\u2068${text}\u2069`;
    expect(
      within(timeline).getByText(`${isolated('Mia Levi')} rated ${isolated('Overall')}: 4 of 5`),
    ).toBeVisible();
    expect(
      within(timeline).getByText(
        `${isolated('Former team member')} cleared their rating of answer “${isolated('Introduce yourself')}”`,
      ),
    ).toBeVisible();
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
