import type { Language, User } from '@candid/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApiClient, renderWithProviders } from '../../common/test/render-with-providers';
import { buildRoutes } from './build-routes';
import { ROUTE_TABLE } from './route-table';

const VERIFIED_USER: User = {
  _id: 'u1',
  fName: 'Dana',
  lName: 'Levi',
  email: 'dana@example.com',
  companyName: 'Acme',
  coverUrls: [],
  role: 'user',
  lastLogin: null,
  perm: 999,
  advancedPrm: {},
  emailVerified: true,
};

function renderApp(path: string, { user, language }: { user?: User; language?: Language } = {}) {
  const api = createFakeApiClient({
    'job/applicant': { applicants: [], pageCount: 0, filteredApplicantCount: 0 },
    'job/applicantCount': { filteredApplicantCount: 0, totalApplicantCount: 0 },
    ...(user ? { 'user/logged': user } : {}),
  });
  const router = createMemoryRouter(buildRoutes(ROUTE_TABLE), { initialEntries: [path] });
  const view = renderWithProviders(<RouterProvider router={router} />, { api, language });
  const currentUrl = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, api, currentUrl };
}

describe('routes', () => {
  it('shows the not-found page at an unknown path, logged out, with the way to log in', async () => {
    const { currentUrl } = renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: "We couldn't find this page" }),
    ).toBeVisible();
    expect(currentUrl()).toBe('/no/such/page');
    expect(await screen.findByRole('link', { name: 'Recruiter log in' })).toHaveAttribute(
      'href',
      '/login',
    );
    await waitFor(() => expect(document.title).toBe('Candid | Page not found'));
  });

  it('shows the not-found page at an unknown back-office path with the way to the jobs', async () => {
    const user = userEvent.setup();
    const { currentUrl } = renderApp('/backoffice/no-such-screen', { user: VERIFIED_USER });
    await user.click(await screen.findByRole('link', { name: 'Back to my jobs' }));
    await waitFor(() => expect(currentUrl()).toBe('/backoffice/job'));
  });

  it('leads a candidate on a mistyped interview path back to the interview', async () => {
    const { api } = renderApp('/interview/job-1/no-such-step');
    expect(await screen.findByRole('link', { name: 'Back to the interview' })).toHaveAttribute(
      'href',
      '/interview/job-1',
    );
    expect(vi.mocked(api.get).mock.calls.filter(([path]) => path === 'user/logged')).toHaveLength(
      0,
    );
  });

  it('sends the site root to the applicant overview (login when logged out)', async () => {
    const { currentUrl } = renderApp('/');
    await waitFor(() => expect(currentUrl()).toBe('/login?redirect=%2Fbackoffice%2Fapplicant'));
  });

  it('sends a logged-out visitor of a back-office route to login with the full path', async () => {
    const { currentUrl } = renderApp('/backoffice/job?view=list');
    await waitFor(() =>
      expect(currentUrl()).toBe('/login?redirect=%2Fbackoffice%2Fjob%3Fview%3Dlist'),
    );
  });

  it('sends a logged-in user from /login and /backoffice to the applicant overview', async () => {
    const fromLogin = renderApp('/login', { user: VERIFIED_USER });
    await waitFor(() => expect(fromLogin.currentUrl()).toBe('/backoffice/applicant'));
    // The overview screen is a lazy chunk: give a loaded machine time to fetch it.
    await waitFor(() => expect(document.title).toBe('Candid | Applicants'), { timeout: 5000 });
    fromLogin.unmount();

    const fromBackoffice = renderApp('/backoffice', { user: VERIFIED_USER });
    await waitFor(() => expect(fromBackoffice.currentUrl()).toBe('/backoffice/applicant'));
  });

  it('logs in through the guarded login route and lands on the remembered path', async () => {
    const user = userEvent.setup();
    const api = createFakeApiClient({
      'auth/login': { accessToken: 'a', refreshToken: 'r', user: VERIFIED_USER },
    });
    const router = createMemoryRouter(buildRoutes(ROUTE_TABLE), {
      initialEntries: ['/backoffice/job?view=list'],
    });
    renderWithProviders(<RouterProvider router={router} />, { api });
    await user.type(await screen.findByLabelText(/Email/), 'dana@example.com');
    await user.type(screen.getByLabelText(/Password/), 'Secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/backoffice/job?view=list',
      ),
    );
  });

  it('shows the applicant overview inside the back-office shell', async () => {
    renderApp('/backoffice/applicant', { user: VERIFIED_USER });
    expect(await screen.findByText('No applicants to show')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  it('sends a user without role admin away from admin routes', async () => {
    const { currentUrl } = renderApp('/backoffice/admin/record', { user: VERIFIED_USER });
    await waitFor(() => expect(currentUrl()).toBe('/backoffice/applicant'));
  });

  it('does not ask for the logged-in user on interview paths', async () => {
    const { api, currentUrl } = renderApp('/interview/job-1/end');
    // Without an interview session the end screen sends the candidate back to the onboarding.
    await waitFor(() => expect(currentUrl()).toBe('/interview/job-1'));
    expect(vi.mocked(api.get).mock.calls.filter(([path]) => path === 'user/logged')).toHaveLength(
      0,
    );
    expect(document.title).toBe('Candid | Interview');
  });

  it('asks for the logged-in user once on back-office paths', async () => {
    const { api } = renderApp('/backoffice/job', { user: VERIFIED_USER });
    await screen.findByRole('heading', { level: 1 });
    // The screen may load its own data; the session is asked for once.
    expect(vi.mocked(api.get).mock.calls.filter(([path]) => path === 'user/logged')).toHaveLength(
      1,
    );
  });

  it('renders /not-found with a way back to the jobs for a logged-in recruiter', async () => {
    const user = userEvent.setup();
    const { currentUrl } = renderApp('/not-found', { user: VERIFIED_USER });
    const back = await screen.findByRole('link', { name: 'Back to my jobs' });
    expect(document.title).toBe('Candid | Page not found');
    await user.click(back);
    await waitFor(() => expect(currentUrl()).toBe('/backoffice/job'));
  });

  it('renders /not-supported with the four supported browsers and their download pages', async () => {
    renderApp('/not-supported');
    const list = await screen.findByRole('list', { name: 'Supported browsers' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Download Chrome',
      'Download Firefox',
      'Download Safari',
      'Download Edge',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.google.com/chrome/',
      'https://www.mozilla.org/firefox/new/',
      'https://www.apple.com/safari/',
      'https://www.microsoft.com/edge/download',
    ]);
    await waitFor(() => expect(document.title).toBe('Candid | Browser not supported'));
  });

  it('renders in Hebrew, right to left, with the Hebrew title', async () => {
    renderApp('/not-found', { language: 'he' });
    expect(await screen.findByRole('heading', { name: 'לא מצאנו את הדף הזה' })).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'he');
    await waitFor(() => expect(document.title).toBe('Candid | הדף לא נמצא'));
  });
});
