import type { PublicJob } from '@candid/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../../common/ui/media-queries';
import {
  createFakeApiClient,
  renderWithProviders,
} from '../../../common/test/render-with-providers';
import { OnboardingPage } from './onboarding-page';

const JOB: PublicJob = {
  _id: 'job1',
  info: {
    title: 'Frontend developer',
    location: 'Tel Aviv',
    desc: '<p>Join <strong>us</strong></p><script>alert(1)</script><img src=x onerror="alert(2)">',
    coverUrl: '',
  },
  company: { name: 'Acme', logoUrl: '' },
  rule: { isCvRequired: true, isOneTry: false },
  quests: [],
} as unknown as PublicJob;

function renderAt(path: string, answers: Record<string, unknown>) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/interview/:jobId" element={<OnboardingPage />} />
      </Routes>
    </MemoryRouter>,
    { api: createFakeApiClient(answers) },
  );
}

describe('OnboardingPage', () => {
  // The steps after the invitation are lazy chunks; load them once here, not inside a test's time.
  beforeAll(async () => {
    await Promise.all([
      import('../components/details-form'),
      import('../components/consent-step'),
      import('../components/media-check'),
      import('../components/start-countdown'),
    ]);
  });

  it('shows the invitation with a sanitised description', async () => {
    renderAt('/interview/job1', { 'job/job1/public': JOB });
    expect(await screen.findByRole('heading', { name: 'Frontend developer' })).toBeInTheDocument();
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(screen.getByText('Tel Aviv')).toBeInTheDocument();
    const description = screen.getByTestId('job-description');
    expect(description.innerHTML).toBe('<p>Join <strong>us</strong></p>');
    expect(screen.queryByTestId('demo-banner')).not.toBeInTheDocument();
  });

  it('says a closed job is closed, naming the company, instead of inviting', async () => {
    renderAt('/interview/job1', {
      'job/job1/public': { ...JOB, closesAt: '2026-01-05T10:00:00.000Z', isClosed: true },
    });
    const closed = await screen.findByTestId('job-closed');
    expect(closed).toHaveTextContent('This job is closed');
    expect(closed).toHaveTextContent(
      'Acme is no longer accepting applications for Frontend developer.',
    );
    expect(screen.queryByRole('button', { name: 'Start interview' })).not.toBeInTheDocument();
  });

  it('on a phone the step indicator names the current step', async () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        matches: query === PHONE_QUERY,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
    try {
      const user = userEvent.setup();
      renderAt('/interview/job1', { 'job/job1/public': JOB });
      await user.click(await screen.findByRole('button', { name: 'Start interview' }));
      expect(await screen.findByTestId('step-caption')).toHaveTextContent(
        'Step 1 of 4: Your details',
      );
    } finally {
      window.matchMedia = original;
    }
  });

  describe('opened inside an app, or on a computer', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });
    const asAgent = (agent: string) =>
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(agent);

    it('inside Instagram on Android: says so first, offers Chrome and the link to copy, still lets them start', async () => {
      asAgent(
        'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0 Mobile Safari/537.36 Instagram 307.0.0.34.111 Android',
      );
      const user = userEvent.setup();
      renderAt('/interview/job1?invite=abc', { 'job/job1/public': JOB });
      const notice = await screen.findByTestId('in-app-notice');
      expect(notice).toHaveTextContent(
        "Instagram's built-in browser may not record your interview",
      );
      const chrome = screen.getByRole('link', { name: 'Open in Chrome' });
      expect(chrome.getAttribute('href')).toMatch(
        /^intent:\/\/localhost(:\d+)?\/.*#Intent;scheme=http;package=com\.android\.chrome;/,
      );
      await user.click(screen.getByRole('button', { name: 'Copy link' }));
      // user-event's clipboard stands in for the browser's.
      expect(await navigator.clipboard.readText()).toBe(window.location.href);
      expect(await screen.findByText(/Link copied/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Start interview' })).toBeEnabled();
      expect(screen.queryByTestId('continue-on-phone')).not.toBeInTheDocument();
    });

    it('in a real browser on a computer: no warning, and a QR code of the link to continue on the phone', async () => {
      asAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      );
      const user = userEvent.setup();
      renderAt('/interview/job1', { 'job/job1/public': JOB });
      await user.click(await screen.findByRole('button', { name: 'Continue on your phone' }));
      const dialog = await screen.findByRole('dialog', { name: 'Continue on your phone' });
      expect(dialog).toHaveTextContent("Scan this code with your phone's camera");
      const qr = await screen.findByTestId('phone-qr', {}, { timeout: 5000 });
      expect(qr.tagName.toLowerCase()).toBe('svg');
      expect(qr).toHaveAttribute('data-value', window.location.href);
      expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
      expect(screen.queryByTestId('in-app-notice')).not.toBeInTheDocument();
    });
  });

  it('marks demo mode as a preview', async () => {
    renderAt('/interview/job1?demo=1', { 'job/job1/public': JOB });
    expect(await screen.findByTestId('demo-banner')).toBeInTheDocument();
  });

  it('a missing or archived job is not available', async () => {
    renderAt('/interview/nope', {});
    expect(
      await screen.findByText('This interview is not available, please contact the recruiter'),
    ).toBeInTheDocument();
  });

  it('an optional CV can be chosen before the names are typed; the names stay required', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const optional = { ...JOB, rule: { ...JOB.rule, isCvRequired: false } };
    renderAt('/interview/job1', { 'job/job1/public': optional });
    await user.click(await screen.findByRole('button', { name: 'Start interview' }));
    const upload = await screen.findByRole('button', { name: 'Upload CV' });
    expect(upload).toBeEnabled();
    expect(screen.queryByText(/to upload a CV/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // First name, last name, email, phone and city: the CV is not among them. The form validates
    // asynchronously, so the errors can land after the click has returned on a loaded machine.
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(5));
  });

  it('the details form: required errors on submit, CV rules, then consent and the media check', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/interview/job1', { 'job/job1/public': JOB });
    await user.click(await screen.findByRole('button', { name: 'Start interview' }));
    // The steps after the invitation load on their own (off the candidate's first screen).
    const upload = await screen.findByRole('button', { name: 'Upload CV' });
    expect(upload).toBeDisabled();
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(6));

    // An error clears while a valid value is typed, before the field is left.
    await user.type(screen.getByLabelText(/First name/), '  Noa ');
    expect(screen.getByLabelText(/First name/)).toHaveFocus();
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(5));
    await user.type(screen.getByLabelText(/Last name/), 'Cohen');
    await user.tab();
    expect(upload).toBeEnabled();
    await user.type(screen.getByLabelText(/Email/), 'noa@');
    await user.tab();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), 'example.com');
    expect(screen.getByLabelText(/Email/)).toHaveFocus();
    await waitFor(() =>
      expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument(),
    );
    await user.type(screen.getByLabelText(/Phone/), '050-1234567');
    await user.type(screen.getByLabelText(/City/), 'Haifa');

    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(
      screen.getByText('Please upload an acceptable document format (DOC, DOCX, PDF)'),
    ).toBeInTheDocument();
    const big = new File(['x'], 'cv.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 5_000_001 });
    await user.upload(input, big);
    expect(screen.getByText('File size is too large')).toBeInTheDocument();
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByTestId('cv-name')).toHaveTextContent('cv.pdf');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The consent notice: nothing goes on until the candidate agrees.
    await user.click(await screen.findByRole('checkbox', { name: /agree to be recorded/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('media-check')).toBeInTheDocument());
    expect(screen.getByTestId('media-check')).toHaveAttribute('data-step', 'intro');
  });
});
