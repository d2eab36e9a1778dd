import type { CandidateApplicant, PublicJob } from '@candid/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, RequestOptions } from '../../../common/api/api-client';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { useInterviewSession } from '../../session/interview-session-store';
import { OnboardingPage } from '../routes/onboarding-page';
import { ConsentStep } from './consent-step';

const JOB = {
  _id: 'job1',
  info: { title: 'Frontend developer', location: 'Tel Aviv', desc: '<p>Hi</p>', coverUrl: '' },
  company: { name: 'Acme', logoUrl: '' },
  rule: { isCvRequired: false, isOneTry: false },
  quests: [],
  consentNotice: {
    version: 3,
    texts: {
      en: 'Acme records your video.\nAsk us to delete it.',
      he: 'Acme מקליטה את הווידאו שלך.',
    },
  },
} as unknown as PublicJob;

describe('ConsentStep', () => {
  it('shows the notice in the interview language and agrees only once the box is ticked', async () => {
    const user = userEvent.setup();
    const onAccept = vi.fn();
    const onDecline = vi.fn();
    renderWithProviders(
      <ConsentStep job={JOB} language="en" onAccept={onAccept} onDecline={onDecline} />,
    );
    expect(screen.getByTestId('consent-text')).toHaveTextContent('Acme records your video.');
    expect(screen.getByTestId('consent-text')).toHaveAttribute('data-version', '3');
    const accept = screen.getByRole('button', { name: 'Continue' });
    expect(accept).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /agree to be recorded/ }));
    await user.click(accept);
    expect(onAccept).toHaveBeenCalledWith({ version: 3, language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onDecline).toHaveBeenCalledTimes(1);
  });

  it('in Hebrew: the Hebrew notice and strings', async () => {
    const user = userEvent.setup();
    const onAccept = vi.fn();
    renderWithProviders(
      <ConsentStep job={JOB} language="he" onAccept={onAccept} onDecline={() => {}} />,
      { language: 'he' },
    );
    expect(screen.getByTestId('consent-text')).toHaveTextContent('Acme מקליטה את הווידאו שלך.');
    expect(screen.getByRole('heading', { name: 'לפני שמקליטים משהו' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /אני מסכים\/ה להקלטה/ }));
    await user.click(screen.getByRole('button', { name: 'המשך' }));
    expect(onAccept).toHaveBeenCalledWith({ version: 3, language: 'he' });
  });
});

describe('OnboardingPage: declining the consent notice', () => {
  // The files of the shared pool start and end with no interview on this device.
  const clean = () => {
    localStorage.clear();
    sessionStorage.clear();
    useInterviewSession.getState().reset();
  };
  const mediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
  beforeEach(clean);
  afterEach(() => {
    clean();
    if (mediaDevices) Object.defineProperty(navigator, 'mediaDevices', mediaDevices);
    else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  });
  beforeAll(async () => {
    await Promise.all([
      import('./details-form'),
      import('./consent-step'),
      import('./media-check'),
    ]);
  });

  it('ends politely with nothing recorded and no applicant made', async () => {
    const calls: { method: string; path: string }[] = [];
    const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
      calls.push({ method: options.method ?? 'GET', path });
      if (path === 'job/job1/public') return JOB;
      if (path === 'applicant') {
        return { applicant: { id: 'app1' } as CandidateApplicant, candidateToken: 't' };
      }
      throw Object.assign(new Error(`no answer for ${path}`), { status: 404 });
    });
    const api: ApiClient = {
      request: request as ApiClient['request'],
      get: ((path: string) => request(path, { method: 'GET' })) as ApiClient['get'],
      post: ((path: string) => request(path, { method: 'POST' })) as ApiClient['post'],
      put: ((path: string) => request(path, { method: 'PUT' })) as ApiClient['put'],
      delete: ((path: string) => request(path, { method: 'DELETE' })) as ApiClient['delete'],
    };
    const getUserMedia = vi.fn();
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia, enumerateDevices: vi.fn(async () => []) },
      configurable: true,
    });
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/interview/job1']}>
        <Routes>
          <Route path="/interview/:jobId" element={<OnboardingPage />} />
        </Routes>
      </MemoryRouter>,
      { api },
    );
    await user.click(await screen.findByRole('button', { name: 'Start interview' }));
    await user.type(await screen.findByLabelText(/First name/, {}, { timeout: 5000 }), 'Noa');
    await user.type(screen.getByLabelText(/Last name/), 'Cohen');
    await user.type(screen.getByLabelText(/Email/), 'noa@example.com');
    await user.type(screen.getByLabelText(/Phone/), '050-1234567');
    await user.type(screen.getByLabelText(/City/), 'Haifa');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('consent-step', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByTestId('consent-declined')).toHaveTextContent(
      'You chose not to take part. Nothing was recorded.',
    );
    expect(screen.queryByTestId('media-check')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(useInterviewSession.getState().applicant).toBeNull();
    expect(useInterviewSession.getState().consent).toBeNull();
  }, 20_000);
});
