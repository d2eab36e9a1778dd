import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { ShareJobDialog } from './share-job-dialog';

const JOB = { _id: 'job-7', info: { title: 'Designer' }, company: { name: 'Acme' } };

describe('ShareJobDialog: the demo preview', () => {
  it('opens the interview as a demo (?demo=1) in a new tab, with what it does', async () => {
    renderWithProviders(<ShareJobDialog job={JOB} opened onClose={() => {}} />);
    const link = await screen.findByRole('link', { name: 'Try it as a candidate' });
    expect(link).toHaveAttribute('href', `${window.location.origin}/interview/job-7?demo=1`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/nothing is recorded or saved/)).toBeInTheDocument();
  });

  it('reads in Hebrew', async () => {
    renderWithProviders(<ShareJobDialog job={JOB} opened onClose={() => {}} />, {
      language: 'he',
    });
    expect(await screen.findByRole('link', { name: 'לנסות כמועמד' })).toHaveAttribute(
      'href',
      `${window.location.origin}/interview/job-7?demo=1`,
    );
  });
});
