import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { JobCover } from './job-cover';

describe('JobCover', () => {
  it('shows the cover, and the placeholder instead when it fails to load', () => {
    const { container } = renderWithProviders(
      <JobCover url="/api/covers/gone.svg" seed="Designer" height={120} />,
    );
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/api/covers/gone.svg');
    expect(screen.queryByTestId('cover-placeholder')).toBeNull();

    fireEvent.error(image);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('cover-placeholder')).toBeInTheDocument();
  });

  it('shows the placeholder for a job without a cover', () => {
    const { container } = renderWithProviders(<JobCover url="" seed="Designer" height={120} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('cover-placeholder')).toBeInTheDocument();
  });
});
