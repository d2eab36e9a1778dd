import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { RatingSummaryText } from './rating-summary';

describe('RatingSummaryText', () => {
  it('says in words that nobody has rated yet, in English and Hebrew', async () => {
    const { unmount } = renderWithProviders(
      <RatingSummaryText summary={{ avg: null, count: 0 }} />,
    );
    expect(screen.getByTestId('rating-summary')).toHaveTextContent('Not rated yet');
    expect(screen.getByTestId('rating-summary')).not.toHaveTextContent('—');
    unmount();
    renderWithProviders(<RatingSummaryText summary={{ avg: null, count: 0 }} />, {
      language: 'he',
    });
    expect(await screen.findByText('טרם דורג')).toBeVisible();
  });

  it('shows the average and how many rated', () => {
    renderWithProviders(<RatingSummaryText summary={{ avg: 4.5, count: 2 }} />);
    expect(screen.getByTestId('rating-summary')).toHaveTextContent('4.5(2)');
  });
});
