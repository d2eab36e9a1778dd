import type { ApplicantDetails, ReviewAnswer } from '@candid/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forwardRef, useImperativeHandle } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen, TEST_USER } from '../../../common/test/render-screen';
import type { InterviewPlayerHandle, InterviewPlayerProps } from '../../player/interview-player';
import { compareIdsOf, ComparePage } from './compare-page';

/** A stand-in for the player (jsdom cannot play): records seeks and lets a test end playback. */
const players = vi.hoisted(() => ({
  seeks: [] as string[],
  endings: new Map<string, () => void>(),
}));

vi.mock('../../player/interview-player', () => ({
  InterviewPlayer: forwardRef<InterviewPlayerHandle, InterviewPlayerProps>(
    function FakeInterviewPlayer({ faceUrl, onEnded }, ref) {
      const url = faceUrl ?? '';
      useImperativeHandle(ref, () => ({
        seekTo: (seconds) => players.seeks.push(`${url}@${seconds}`),
        getCurrentTime: () => 0,
        getDuration: () => 60,
      }));
      players.endings.set(url, () => onEnded?.());
      return <div data-testid="player" data-face={url} />;
    },
  ),
}));

const RULE_OFF = {
  isVidAns: false,
  isScreenAns: false,
  isTxtAns: false,
  isImgAns: false,
  isCodeAns: false,
  isMultiChoiceAns: false,
};

function applicant(id: string, fName: string): ApplicantDetails {
  return {
    id,
    info: {
      fName,
      lName: 'Cohen',
      email: `${fName.toLowerCase()}@example.com`,
      phone: '',
      hometown: '',
      imgUrl: null,
      cvUrl: null,
      cvDownloadUrl: null,
      cv: null,
      isPreview: false,
    },
    jobInfo: { title: 'Frontend developer', jobId: 'j1' },
    status: 0,
    timestamp: { sent: null, opened: null, submitted: '2024-05-01T09:20:00.000Z', quited: null },
    isRead: true,
    isFree: true,
    isLocked: false,
    archivedAt: null,
    incomplete: false,
    rating: { avg: null, count: 0 },
    score: null,
    knockedOut: false,
    notes: [],
    timeline: [],
    ratings: { summary: { avg: null, count: 0 }, ratings: [] },
    job: {
      _id: 'j1',
      title: 'Frontend developer',
      archivedAt: null,
      scorecard: [{ id: 'overall', label: 'Overall' }],
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
      ],
    },
  };
}

function answers(id: string): { answerMap: Record<string, ReviewAnswer> } {
  const base = {
    resTime: 30,
    faceUrl: null,
    screenUrl: null,
    imgUrl: null,
    txt: null,
    optIdx: null,
    faceDurationSec: null,
    screenDurationSec: null,
  };
  return {
    answerMap: {
      q1: { ...base, faceUrl: `/api/files/${id}.webm`, faceDurationSec: 60 },
      q2: { ...base, txt: `Because of ${id}` },
    },
  };
}

function renderCompare(query: string) {
  return renderScreen(<ComparePage />, {
    path: '/backoffice/compare/:jobId',
    initialEntry: `/backoffice/compare/j1${query}`,
    user: TEST_USER,
    routes: {
      'GET job/j1/a1': { body: { applicant: applicant('a1', 'Noa') } },
      'GET job/j1/a2': { body: { applicant: applicant('a2', 'Eli') } },
      'GET job/applicantVideos/a1/j1': { body: answers('a1') },
      'GET job/applicantVideos/a2/j1': { body: answers('a2') },
    },
  });
}

describe('ComparePage (compare)', () => {
  it('reads two to four distinct ids from the link', () => {
    expect(compareIdsOf('a, b,a,,c,d,e')).toEqual(['a', 'b', 'c', 'd']);
    expect(compareIdsOf(null)).toEqual([]);
  });

  it('shows the applicants side by side and plays their answers in turn', async () => {
    players.seeks.length = 0;
    renderCompare('?ids=a1,a2');
    const cards = await screen.findAllByTestId('compare-applicant');
    expect(cards).toHaveLength(2);
    expect(await within(cards[0]!).findByRole('link', { name: 'Noa Cohen' })).toHaveAttribute(
      'href',
      '/backoffice/details/j1/a1',
    );
    expect(await within(cards[1]!).findByRole('link', { name: 'Eli Cohen' })).toBeVisible();
    await waitFor(() => expect(screen.getAllByTestId('player')).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Play in turn' }));
    expect(players.seeks).toEqual(['/api/files/a1.webm@0']);
    expect(cards[0]).toHaveAttribute('data-playing', 'true');
    act(() => players.endings.get('/api/files/a1.webm')!());
    expect(players.seeks).toEqual(['/api/files/a1.webm@0', '/api/files/a2.webm@0']);
    expect(cards[1]).toHaveAttribute('data-playing', 'true');
    expect(within(cards[1]!).getByText('Now playing')).toBeVisible();
    act(() => players.endings.get('/api/files/a2.webm')!());
    expect(cards[1]).toHaveAttribute('data-playing', 'false');
    expect(screen.getByRole('button', { name: 'Play in turn' })).toBeVisible();
  });

  it('switches every applicant to the chosen question', async () => {
    renderCompare('?ids=a1,a2&quest=q2');
    expect(await screen.findByText('Because of a1')).toBeVisible();
    expect(await screen.findByText('Because of a2')).toBeVisible();
    expect(screen.queryByTestId('player')).toBeNull();
  });

  it('asks for two to four applicants when the link names fewer', async () => {
    renderCompare('?ids=a1');
    expect(
      await screen.findByText(/Choose 2 to 4 applicants of one job in the applicant list/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to applicants' })).toHaveAttribute(
      'href',
      '/backoffice/applicant/j1',
    );
  });
});
