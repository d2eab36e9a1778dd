import { CHUNK_LOAD_TIMEOUT_MS } from '@candid/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import { isChunkLoadError, lazyWithTimeout, withChunkTimeout } from './lazy-with-timeout';

afterEach(() => {
  vi.useRealTimers();
});

function renderLazy(load: () => Promise<{ default: ComponentType }>, language: 'en' | 'he' = 'en') {
  const Screen = lazyWithTimeout(load);
  const onReload = vi.fn();
  renderWithProviders(
    <ChunkErrorBoundary onReload={onReload}>
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>
    </ChunkErrorBoundary>,
    { language },
  );
  return { onReload };
}

describe('lazy screens', () => {
  it('uses the 120 s chunk load timeout', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it.each([
    ['en', 'This screen did not load', 'Reload'],
    ['he', 'המסך הזה לא נטען', 'טעינה מחדש'],
  ] as const)(
    'shows an error with a Reload button when the code has not come in 120 s (%s)',
    async (language, title, reload) => {
      vi.useFakeTimers();
      const { onReload } = renderLazy(() => new Promise(() => {}), language);
      expect(screen.getByText('Loading')).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
      });
      expect(screen.queryByRole('alert')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(screen.getByRole('alert')).toHaveTextContent(title);
      fireEvent.click(screen.getByRole('button', { name: reload }));
      expect(onReload).toHaveBeenCalledTimes(1);
    },
  );

  it('shows the same error when the import fails (its file gone after a deploy)', async () => {
    renderLazy(() =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/job-abc.js'),
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This screen did not load');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('shows the screen when its code arrives in time', async () => {
    renderLazy(() => Promise.resolve({ default: () => <p>The screen</p> }));
    expect(await screen.findByText('The screen')).toBeInTheDocument();
  });

  it('passes other errors on and leaves a loaded module alone', async () => {
    const bug = new Error('A bug');
    await expect(withChunkTimeout(() => Promise.reject(bug))()).rejects.toBe(bug);
    expect(isChunkLoadError(bug)).toBe(false);
    await expect(withChunkTimeout(() => Promise.resolve(42))()).resolves.toBe(42);
  });
});
