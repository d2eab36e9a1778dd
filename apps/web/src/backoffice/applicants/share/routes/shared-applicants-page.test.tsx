import { answerRuleFor, type SharedApplicant, type SharedLinkResponse } from '@candid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../../common/api/api-client';
import { createResponseError } from '../../../../common/api/api-error';
import { renderWithProviders } from '../../../../common/test/render-with-providers';
import { SharedApplicantsPage } from './shared-applicants-page';

const TOKEN = `shr_${'g'.repeat(43)}`;
const LINK: SharedLinkResponse = {
  guestName: 'Hana',
  expiresAt: '2026-03-08T10:00:00.000Z',
  applicants: [
    { id: 'a1', fName: 'Dana', lName: 'Levi', jobTitle: 'Frontend developer' },
    { id: 'a2', fName: 'Omer', lName: 'Katz', jobTitle: 'Frontend developer' },
  ],
};
const quest = (id: string, txt: string) => ({
  id,
  txt,
  desc: '',
  vidUrl: null,
  ansRule: answerRuleFor('text'),
  timeLimit: 3,
});
const APPLICANT: SharedApplicant = {
  id: 'a1',
  info: {
    fName: 'Dana',
    lName: 'Levi',
    email: 'dana@example.com',
    phone: '050-1234567',
    hometown: 'Haifa',
    imgUrl: null,
    cvUrl: '/api/files/cv?sig=1',
    cvDownloadUrl: '/api/files/cv?sig=2',
  },
  submittedAt: '2026-03-01T10:00:00.000Z',
  job: {
    title: 'Frontend developer',
    quests: [quest('q1', 'Why us?')],
    scorecard: [
      { id: 'overall', label: 'Overall' },
      { id: 'skills', label: 'Skills' },
    ],
  },
  answerMap: {
    q1: {
      resTime: 30,
      faceUrl: null,
      screenUrl: null,
      imgUrl: null,
      txt: 'Because of the product.',
      optIdx: null,
      faceDurationSec: null,
      screenDurationSec: null,
    },
  },
  myRatings: [{ targetType: 'criterion', targetId: 'skills', score: 4 }],
};

function fakeApi(answers: Record<string, unknown>) {
  const calls: Array<{ path: string; body?: unknown }> = [];
  const answer = async (path: string, body?: unknown) => {
    calls.push({ path, body });
    const found = answers[path];
    if (found instanceof Error) throw found;
    if (found === undefined) throw new Error(`no answer for ${path}`);
    return typeof found === 'function' ? (found as (b: unknown) => unknown)(body) : found;
  };
  const api: ApiClient = {
    request: vi.fn(answer) as ApiClient['request'],
    get: vi.fn((path: string) => answer(path)) as ApiClient['get'],
    post: vi.fn(answer) as ApiClient['post'],
    put: vi.fn(answer) as ApiClient['put'],
    delete: vi.fn((path: string) => answer(path)) as ApiClient['delete'],
  };
  return { api, calls };
}

function renderAt(token: string, answers: Record<string, unknown>, language: 'en' | 'he' = 'en') {
  const fake = fakeApi(answers);
  renderWithProviders(
    <MemoryRouter initialEntries={[`/share/${token}`]}>
      <Routes>
        <Route path="/share/:token" element={<SharedApplicantsPage />} />
      </Routes>
    </MemoryRouter>,
    { api: fake.api, language },
  );
  return fake;
}

const closed = (key: 'SHARE_LINK_REVOKED_ERR' | 'SHARE_LINK_EXPIRED_ERR') =>
  createResponseError(410, { status: 410, key, message: key });

describe('SharedApplicantsPage', () => {
  it("shows the link's first applicant with answers, CV and the scorecard, never anything of the team", async () => {
    const { calls } = renderAt(TOKEN, {
      [`share/${TOKEN}`]: LINK,
      [`share/${TOKEN}/a1`]: { applicant: APPLICANT },
    });
    const view = await screen.findByTestId('shared-applicant');
    expect(screen.getByRole('heading', { name: /Hello Hana/ })).toBeVisible();
    expect(within(view).getByRole('heading', { name: 'Dana Levi' })).toBeVisible();
    expect(within(view).getByText('Because of the product.')).toBeVisible();
    expect(within(view).getByTestId('shared-cv')).toHaveAttribute('href', '/api/files/cv?sig=1');
    // Both applicants can be chosen; only the first was loaded (each load is a recorded view).
    expect(screen.getByRole('radio', { name: 'Omer Katz' })).toBeDefined();
    expect(calls.map((call) => call.path)).toEqual([`share/${TOKEN}`, `share/${TOKEN}/a1`]);
    // My own rating shows; there are no notes, team ratings or timeline on this page.
    const scorecard = screen.getByTestId('guest-scorecard');
    expect(
      within(within(scorecard).getByRole('group', { name: 'My rating: Skills' })).getByRole(
        'radio',
        { name: '4 of 5 stars' },
      ),
    ).toBeChecked();
    expect(screen.queryByTestId('timeline')).not.toBeInTheDocument();
    expect(screen.queryByText(/Notes/)).not.toBeInTheDocument();
    expect(screen.getByText(/notes and ratings are not shown here/)).toBeVisible();
  });

  it('saves the guest rating of a criterion and of an answer through the link', async () => {
    const user = userEvent.setup();
    const { calls } = renderAt(TOKEN, {
      [`share/${TOKEN}`]: { ...LINK, applicants: [LINK.applicants[0]] },
      [`share/${TOKEN}/a1`]: { applicant: APPLICANT },
      [`share/${TOKEN}/a1/rating`]: (body: {
        targetType: string;
        targetId: string;
        score: number;
      }) => ({
        myRatings: [...APPLICANT.myRatings, body],
      }),
    });
    const scorecard = await screen.findByTestId('guest-scorecard');
    const overall = within(scorecard).getByRole('group', { name: 'My rating: Overall' });
    within(overall).getByRole('radio', { name: '5 of 5 stars' }).focus();
    await user.keyboard('{Enter}');
    const answer = screen.getByTestId('guest-answer-rating');
    within(answer).getByRole('radio', { name: '3 of 5 stars' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls.filter((call) => call.path.endsWith('/rating')).map((c) => c.body)).toEqual([
        { targetType: 'criterion', targetId: 'overall', score: 5 },
        { targetType: 'question', targetId: 'q1', score: 3 },
      ]),
    );
    expect(within(overall).getByRole('radio', { name: '5 of 5 stars' })).toBeChecked();
  });

  it('says a revoked link was revoked', async () => {
    renderAt(TOKEN, { [`share/${TOKEN}`]: closed('SHARE_LINK_REVOKED_ERR') });
    const revoked = await screen.findByTestId('share-closed');
    expect(revoked).toHaveAttribute('data-reason', 'revoked');
    expect(revoked).toHaveTextContent('This link was revoked');
  });

  it('says an expired link has expired, in Hebrew', async () => {
    renderAt(TOKEN, { [`share/${TOKEN}`]: closed('SHARE_LINK_EXPIRED_ERR') }, 'he');
    const expired = await screen.findByTestId('share-closed');
    expect(expired).toHaveAttribute('data-reason', 'expired');
    expect(expired).toHaveTextContent('תוקף הקישור פג');
  });

  it('says a link revoked while the guest rates is revoked', async () => {
    const user = userEvent.setup();
    renderAt(TOKEN, {
      [`share/${TOKEN}`]: { ...LINK, applicants: [LINK.applicants[0]] },
      [`share/${TOKEN}/a1`]: { applicant: APPLICANT },
      [`share/${TOKEN}/a1/rating`]: closed('SHARE_LINK_REVOKED_ERR'),
    });
    const scorecard = await screen.findByTestId('guest-scorecard');
    within(scorecard).getAllByRole('radio', { name: '2 of 5 stars' })[0]!.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('share-closed')).toHaveAttribute('data-reason', 'revoked');
  });

  it('calls nothing for an address that is no share link', async () => {
    const { calls } = renderAt('not-a-token', {});
    expect(await screen.findByTestId('share-closed')).toHaveAttribute('data-reason', 'invalid');
    expect(calls).toEqual([]);
  });
});
