import type { ApplicationStatusResponse } from '@candid/domain';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  createFakeApiClient,
  renderWithProviders,
} from '../../../common/test/render-with-providers';
import { ApplicationStatusPage } from './application-status-page';

const TOKEN = 'A'.repeat(32);
const STATUS: ApplicationStatusResponse = {
  jobTitle: 'Frontend developer',
  companyName: 'Acme',
  logoUrl: '',
  fName: 'Dana',
  stage: 'review',
  statusCode: null,
  submittedAt: '2026-01-05T10:00:00.000Z',
};

function renderAt(token: string, answer: unknown, language: 'en' | 'he' = 'en') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/application/${token}`]}>
      <Routes>
        <Route path="/application/:token" element={<ApplicationStatusPage />} />
      </Routes>
    </MemoryRouter>,
    {
      api: createFakeApiClient(
        answer ? { [`application-status?token=${encodeURIComponent(token)}`]: answer } : {},
      ),
      language,
    },
  );
}

describe('ApplicationStatusPage', () => {
  it('shows the stage, the job and the company, and no status name the rule hides', async () => {
    renderAt(TOKEN, STATUS);
    const stage = await screen.findByTestId('application-stage');
    expect(stage).toHaveAttribute('data-stage', 'review');
    expect(stage).toHaveTextContent('Under review');
    expect(stage).toHaveTextContent('Acme is reviewing your application.');
    expect(screen.getByRole('heading', { name: 'Frontend developer' })).toBeVisible();
    expect(screen.queryByTestId('application-outcome')).not.toBeInTheDocument();
  });

  it('names the decision only when the job rule shows it, in Hebrew too', async () => {
    renderAt(TOKEN, { ...STATUS, stage: 'decision', statusCode: 7 }, 'he');
    expect(await screen.findByTestId('application-outcome')).toHaveTextContent('התקבל לעבודה');
    expect(screen.getByTestId('application-stage')).toHaveTextContent('החלטה');
  });

  it('says the page is not available for a malformed or unknown link', async () => {
    renderAt('short', null);
    expect(await screen.findByTestId('interview-not-available')).toBeVisible();
  });
});
