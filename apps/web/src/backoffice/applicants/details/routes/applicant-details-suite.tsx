import type {
  ApplicantChange,
  ApplicantDetails,
  ApplicantListItem,
  ApplicantVideosResponse,
  ReviewAnswer,
} from '@candid/domain';
import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import {
  apiError,
  renderScreen,
  TEST_USER,
  type FakeRoute,
} from '../../../common/test/render-screen';
import { ApplicantDetailsPage } from './applicant-details-page';
import { player } from './applicant-details-fakes';

/*
 * The applicant details screen as its test files (applicant-details-*.test.tsx) render it: a
 * scored applicant with five questions, its answers, and a small fake server.
 */

export const RULE_OFF = {
  isVidAns: false,
  isScreenAns: false,
  isTxtAns: false,
  isImgAns: false,
  isCodeAns: false,
  isMultiChoiceAns: false,
};

export const CODE = 'function add(a, b) {\n    return a + b;\n}';

export function makeApplicant(patch: Partial<ApplicantDetails> = {}): ApplicantDetails {
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

export function answer(patch: Partial<ReviewAnswer>): ReviewAnswer {
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

export const VIDEOS: ApplicantVideosResponse = {
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

export const DETAILS_PATH = 'GET job/j1/a1';
export const VIDEOS_PATH = 'GET job/applicantVideos/a1/j1';
export const UPDATE_PATH = 'PUT job/applicant';

/**
 * Renders the screen against a small fake server: the details it holds change with every
 * accepted `PUT job/applicant`, as the real one does (status event, notes, info, archive).
 */
export function renderDetails({
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

export async function findHeading() {
  return screen.findByRole('heading', { name: 'Noa Cohen', level: 1 });
}

export async function findPlayer() {
  return screen.findByTestId('player', {});
}

/** Starts each test with no notification shown and the fake player at its first report. */
export function resetDetailsScreen() {
  // Mantine keeps its notifications in a module store: start each test with none shown.
  act(() => notifications.clean());
  player.seekTo.mockClear();
  player.currentTime = 0;
  player.durationSec = 90;
}
