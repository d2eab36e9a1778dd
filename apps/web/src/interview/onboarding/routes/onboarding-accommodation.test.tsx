import {
  ACCOMMODATION_DECIDED_EVENT,
  type Accommodation,
  type CandidateApplicant,
  type PublicJob,
} from '@candid/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, RequestOptions } from '../../../common/api/api-client';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { useInterviewSession } from '../../session/interview-session-store';
import { OnboardingPage } from './onboarding-page';

/** The candidate's socket: the test plays the server's "accommodation decided". */
const socket = vi.hoisted(() => ({
  handlers: new Map<string, (payload: unknown) => void>(),
  opened: 0,
  closed: 0,
}));
vi.mock('socket.io-client', () => ({
  io: () => {
    socket.opened += 1;
    return {
      on: (event: string, handler: (payload: unknown) => void) =>
        socket.handlers.set(event, handler),
      removeAllListeners: () => socket.handlers.clear(),
      disconnect: () => {
        socket.closed += 1;
      },
    };
  },
}));

const JOB = {
  _id: 'job1',
  info: { title: 'Frontend developer', location: 'Tel Aviv', desc: '<p>Hi</p>', coverUrl: '' },
  company: { name: 'Acme', logoUrl: '' },
  rule: { isCvRequired: false, isOneTry: false },
  quests: [],
} as unknown as PublicJob;

const APPLICANT = {
  id: 'app1',
  info: {
    fName: 'Noa',
    lName: 'Cohen',
    email: 'noa@example.com',
    phone: '050-1234567',
    hometown: 'Haifa',
  },
  jobInfo: { title: 'Frontend developer', jobId: 'job1' },
  timestamp: { sent: null, opened: '2026-01-01T10:00:00.000Z', submitted: null, quited: null },
  answerMap: {},
} as unknown as CandidateApplicant;

const PENDING: Accommodation = {
  extraTimePct: 50,
  extraRetakes: null,
  reason: 'I read slowly',
  status: 'pending',
  requestedAt: '2026-01-01T10:01:00.000Z',
  decidedAt: null,
};

/** A small fake server: the job, creating the applicant, and its accommodation. */
function fakeServer(job: PublicJob = JOB) {
  let stored: Accommodation | null = null;
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
    const method = options.method ?? 'GET';
    calls.push({ method, path, body: options.body });
    if (path === 'job/job1/public') return job;
    if (method === 'POST' && path === 'applicant') {
      return { applicant: APPLICANT, candidateToken: 'candidate-token' };
    }
    if (path === 'applicant/app1/accommodation') {
      if (method === 'PUT') stored = { ...PENDING, ...(options.body as object) };
      return { accommodation: stored };
    }
    throw Object.assign(new Error(`no answer for ${method} ${path}`), { status: 404 });
  });
  const api: ApiClient = {
    request: request as ApiClient['request'],
    get: ((path: string, options?: RequestOptions) =>
      request(path, { ...options, method: 'GET' })) as ApiClient['get'],
    post: ((path: string, body?: unknown) =>
      request(path, { method: 'POST', body })) as ApiClient['post'],
    put: ((path: string, body?: unknown) =>
      request(path, { method: 'PUT', body })) as ApiClient['put'],
    delete: ((path: string) => request(path, { method: 'DELETE' })) as ApiClient['delete'],
  };
  return { api, calls };
}

async function reachMediaCheck(job: PublicJob = JOB) {
  const server = fakeServer(job);
  const user = userEvent.setup();
  renderWithProviders(
    <MemoryRouter initialEntries={['/interview/job1']}>
      <Routes>
        <Route path="/interview/:jobId" element={<OnboardingPage />} />
      </Routes>
    </MemoryRouter>,
    { api: server.api },
  );
  await user.click(await screen.findByRole('button', { name: 'Start interview' }));
  await user.type(await screen.findByLabelText(/First name/), 'Noa');
  await user.type(screen.getByLabelText(/Last name/), 'Cohen');
  await user.type(screen.getByLabelText(/Email/), 'noa@example.com');
  await user.type(screen.getByLabelText(/Phone/), '050-1234567');
  await user.type(screen.getByLabelText(/City/), 'Haifa');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  // The consent notice comes before the device check.
  await user.click(await screen.findByRole('checkbox', { name: /agree to be recorded/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(screen.getByTestId('media-check')).toBeInTheDocument());
  return { ...server, user };
}

describe('OnboardingPage: asking for an adjustment', () => {
  beforeAll(async () => {
    await Promise.all([
      import('../components/details-form'),
      import('../components/consent-step'),
      import('../components/media-check'),
      import('../../accommodation/accommodation-panel'),
    ]);
  });
  beforeEach(() => {
    socket.handlers.clear();
    socket.opened = 0;
    socket.closed = 0;
    useInterviewSession.getState().reset();
  });

  it('refuses an empty form and sends nothing', async () => {
    const { user, calls } = await reachMediaCheck();
    await user.click(screen.getByRole('button', { name: 'Need an adjustment?' }));
    const form = await screen.findByTestId('accommodation-form');
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(within(form).getByText('Choose more time, extra takes or both.')).toBeVisible();
    expect(within(form).getAllByText('This field is required')).toHaveLength(1);
    await user.type(within(form).getByLabelText(/What would you like/), '    ');
    await user.click(within(form).getByRole('radio', { name: '50 % more time' }));
    // Each error clears as soon as its field is fixed, before the next Send.
    expect(within(form).queryByText('Choose more time, extra takes or both.')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(within(form).getAllByText('This field is required')).toHaveLength(1);
    await user.type(within(form).getByLabelText(/What would you like/), 'Extra time, please');
    expect(within(form).getByLabelText(/What would you like/)).toHaveFocus();
    await waitFor(() => expect(within(form).queryByText('This field is required')).toBeNull());
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    // Cancel closes it again.
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('accommodation-form')).toBeNull();
    expect(screen.getByRole('button', { name: 'Need an adjustment?' })).toBeVisible();
  });

  it('creates the applicant, sends the request, waits, and shows the approval as it arrives', async () => {
    const { user, calls } = await reachMediaCheck();
    await user.click(screen.getByRole('button', { name: 'Need an adjustment?' }));
    const form = await screen.findByTestId('accommodation-form');
    // This job allows retakes: extra takes are not offered, and the form says why.
    expect(within(form).queryByTestId('accommodation-retakes')).toBeNull();
    expect(within(form).getByTestId('accommodation-retakes-included')).toHaveTextContent(
      'Extra takes are offered for one-try interviews only.',
    );
    await user.click(within(form).getByRole('radio', { name: '50 % more time' }));
    await user.type(within(form).getByLabelText(/What would you like/), '  I read slowly  ');
    expect(within(form).getByText('17 / 500')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Send request' }));

    const status = await screen.findByTestId('accommodation-status');
    expect(status).toHaveAttribute('data-status', 'pending');
    expect(status).toHaveTextContent(
      'You can wait for an answer here, or start now with the standard settings.',
    );
    const sent = calls
      .filter((call) => call.method !== 'GET')
      .map(({ method, path, body }) => ({ method, path, body }));
    // The applicant is made with the notice the candidate accepted (the standard one here).
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: 'applicant',
      body: { consent: { version: 0, language: 'en' } },
    });
    expect(sent[1]).toEqual({
      method: 'PUT',
      path: 'applicant/app1/accommodation',
      body: { extraTimePct: 50, extraRetakes: null, reason: 'I read slowly' },
    });
    expect(useInterviewSession.getState().applicant?.id).toBe('app1');

    // The recruiter approves: the decision arrives on the candidate's socket.
    await waitFor(() => expect(socket.handlers.has(ACCOMMODATION_DECIDED_EVENT)).toBe(true));
    act(() =>
      socket.handlers.get(ACCOMMODATION_DECIDED_EVENT)!({
        accommodation: { ...PENDING, status: 'approved', decidedAt: '2026-01-01T10:02:00.000Z' },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('accommodation-status')).toHaveAttribute('data-status', 'approved'),
    );
    expect(screen.getByTestId('accommodation-status')).toHaveTextContent(
      'You have 50 % more time on each question.',
    );
    // Nothing left to wait for: the socket is closed.
    await waitFor(() => expect(socket.closed).toBe(socket.opened));
  });

  it('on a one-try job asks for extra takes alone, and shows them once approved', async () => {
    const oneTry = { ...JOB, rule: { isCvRequired: false, isOneTry: true } } as PublicJob;
    const { user, calls } = await reachMediaCheck(oneTry);
    await user.click(screen.getByRole('button', { name: 'Need an adjustment?' }));
    const form = await screen.findByTestId('accommodation-form');
    expect(within(form).queryByTestId('accommodation-retakes-included')).toBeNull();
    await user.click(within(form).getByRole('radio', { name: 'No extra time' }));
    await user.click(within(form).getByRole('radio', { name: '1 extra take' }));
    await user.type(within(form).getByLabelText(/What would you like/), 'A tremor');
    await user.click(within(form).getByRole('button', { name: 'Send request' }));

    const status = await screen.findByTestId('accommodation-status');
    expect(status).toHaveTextContent('You asked for 1 extra take of each answer.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      extraTimePct: null,
      extraRetakes: 1,
      reason: 'A tremor',
    });
    await waitFor(() => expect(socket.handlers.has(ACCOMMODATION_DECIDED_EVENT)).toBe(true));
    act(() =>
      socket.handlers.get(ACCOMMODATION_DECIDED_EVENT)!({
        accommodation: {
          ...PENDING,
          extraTimePct: null,
          extraRetakes: 1,
          status: 'approved',
          decidedAt: '2026-01-01T10:02:00.000Z',
        },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('accommodation-status')).toHaveTextContent(
        'You can record each answer 1 more time; the last take you keep is your answer.',
      ),
    );
    expect(screen.getByTestId('accommodation-status')).not.toHaveTextContent('more time on each');
  });
});
