import type { PublicJob } from '@candid/domain';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useLanguageStore } from '../../../common/stores/language-store';
import {
  createFakeApiClient,
  renderWithProviders,
} from '../../../common/test/render-with-providers';
import { EmbedPage } from './embed-page';

const JOB = {
  _id: 'job1',
  info: { title: 'Frontend developer', location: 'Tel Aviv', desc: '<p>Join us</p>', coverUrl: '' },
  company: { name: 'Acme', logoUrl: '' },
  rule: { isCvRequired: false, isOneTry: false },
  quests: [],
  closesAt: null,
  isClosed: false,
} as unknown as PublicJob;

function renderAt(path: string, job: PublicJob) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/embed/:jobId" element={<EmbedPage />} />
      </Routes>
    </MemoryRouter>,
    { api: createFakeApiClient({ 'job/job1/public': job }) },
  );
}

describe('EmbedPage (/embed/{jobId}?lng=)', () => {
  afterEach(() => useLanguageStore.setState({ language: 'en' }));

  it('invites with a link that opens the interview in a new tab', async () => {
    renderAt('/embed/job1', JOB);
    expect(await screen.findByRole('heading', { name: 'Frontend developer' })).toBeVisible();
    const apply = screen.getByRole('link', { name: /Apply/ });
    expect(apply).toHaveAttribute('href', '/interview/job1');
    expect(apply).toHaveAttribute('target', '_blank');
  });

  it('says a job past its closing date is closed, in the language lng asks for', async () => {
    renderAt('/embed/job1?lng=he', {
      ...JOB,
      closesAt: '2026-01-05T10:00:00.000Z',
      isClosed: true,
    } as PublicJob);
    const closed = await screen.findByTestId('job-closed');
    expect(closed).toHaveTextContent('המשרה הזו נסגרה');
    expect(closed).toHaveTextContent('Acme כבר לא מקבלת מועמדויות למשרת Frontend developer.');
    expect(screen.queryByRole('link', { name: /Apply|להגשת מועמדות/ })).toBeNull();
  });
});
