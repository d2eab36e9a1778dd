import { getTimeRatioState, type QuestionClockView } from '@candid/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { QuestionTimer } from './question-timer';

const LIMIT_MS = 60_000;

function viewAt(elapsedMs: number): QuestionClockView {
  return {
    phase: 'recording',
    isPaused: false,
    readingMs: 0,
    thinkLeftMs: null,
    countdownLeftMs: 0,
    answerElapsedMs: elapsedMs,
    questionElapsedMs: elapsedMs,
    timer: getTimeRatioState(elapsedMs, LIMIT_MS),
    retakesLeft: null,
  };
}

describe('QuestionTimer', () => {
  it("runs in the page's primary colour (a company's accent on its interview), red when time is low", () => {
    const early = renderWithProviders(<QuestionTimer limitMs={LIMIT_MS} view={viewAt(10_000)} />);
    const calm = screen.getByTestId('question-timer');
    expect(calm).toHaveAttribute('data-low-time', 'false');
    // No colour of its own: the theme's primary one (Candid's indigo here; on a branded
    // interview the brand theme makes the accent primary).
    expect(calm.getAttribute('style')).toContain('var(--mantine-color-indigo-light)');
    expect(calm.getAttribute('style')).not.toContain('blue');
    early.unmount();

    renderWithProviders(<QuestionTimer limitMs={LIMIT_MS} view={viewAt(55_000)} />);
    const low = screen.getByTestId('question-timer');
    expect(low).toHaveAttribute('data-low-time', 'true');
    expect(low.getAttribute('style')).toContain('--badge-bg: var(--mantine-color-red-filled)');
  });
});
