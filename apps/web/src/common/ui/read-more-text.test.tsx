import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { LONG_TEXT_PREVIEW_CHARS, previewOf, ReadMoreText } from './read-more-text';

const LONG =
  'The candidate explained the migration plan clearly, with numbers for each step, and then walked through the rollback.';

describe('previewOf', () => {
  it('keeps a text up to the preview length and cuts a longer one at a word, with an ellipsis', () => {
    expect(previewOf('a'.repeat(LONG_TEXT_PREVIEW_CHARS))).toBe('a'.repeat(100));
    const preview = previewOf(LONG);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(LONG_TEXT_PREVIEW_CHARS + 1);
    expect(LONG.startsWith(preview.slice(0, -1))).toBe(true);
    expect(LONG.charAt(preview.length - 1)).toBe(' ');
    // One long word is cut at the limit.
    expect(previewOf('x'.repeat(150))).toBe(`${'x'.repeat(100)}…`);
  });
});

describe('ReadMoreText', () => {
  it('shows a short text whole, with no button', () => {
    renderWithProviders(<ReadMoreText text="Short note" />);
    expect(screen.getByText('Short note')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the first 100 characters of a long one, then all of it on "Read more"', async () => {
    renderWithProviders(<ReadMoreText text={LONG} />);
    expect(screen.queryByText(LONG)).not.toBeInTheDocument();
    expect(screen.getByText(previewOf(LONG))).toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(screen.getByText(LONG)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText(LONG)).not.toBeInTheDocument();
  });

  it('reads in Hebrew', () => {
    renderWithProviders(<ReadMoreText text={'א'.repeat(120)} />, { language: 'he' });
    expect(screen.getByRole('button', { name: 'להמשך קריאה' })).toBeInTheDocument();
  });
});
