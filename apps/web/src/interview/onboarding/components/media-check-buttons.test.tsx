import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { createMediaCheckState, type MediaCheckState } from '../../media/media-check-reducer';
import type { useMediaCheck } from '../../media/use-media-check';
import { MediaCheck } from './media-check';

/** What the mocked check reports: its results are in; `isReady` says whether they pass. */
const check = vi.hoisted(() => ({ isReady: false }));

vi.mock('../../../common/ui/media-queries', () => ({
  useIsPhone: () => true,
  useIsTouchDevice: () => true,
}));

vi.mock('../../media/use-media-check', () => ({
  useMediaCheck: (): ReturnType<typeof useMediaCheck> => {
    const state: MediaCheckState = { ...createMediaCheckState(false), step: 'results' };
    return {
      state,
      dispatch: () => undefined,
      clipUrl: null,
      previewRef: { current: null },
      browser: { name: 'chrome', isMobile: true, isSupported: true },
      isReady: check.isReady,
      run: async () => undefined,
      reset: () => undefined,
      requestScreen: async () => undefined,
      handOver: () => {
        throw new Error('not in this test');
      },
    } as unknown as ReturnType<typeof useMediaCheck>;
  },
}));

/** The results' two buttons on a phone, top to bottom. */
function buttonOrder(): (string | null)[] {
  return screen
    .getAllByRole('button', { name: /^(Start interview|Check again)$/ })
    .map((button) => button.textContent);
}

describe('MediaCheck on a phone', () => {
  it('keeps Start above Check again whether or not the check passed, so a tap never lands on the other', () => {
    check.isReady = false;
    const notReady = renderWithProviders(<MediaCheck needsScreen={false} onReady={vi.fn()} />);
    expect(buttonOrder()).toEqual(['Start interview', 'Check again']);
    expect(screen.getByRole('button', { name: 'Start interview' })).toBeDisabled();
    notReady.unmount();

    check.isReady = true;
    renderWithProviders(<MediaCheck needsScreen={false} onReady={vi.fn()} />);
    expect(buttonOrder()).toEqual(['Start interview', 'Check again']);
    expect(screen.getByRole('button', { name: 'Start interview' })).toBeEnabled();
  });
});
