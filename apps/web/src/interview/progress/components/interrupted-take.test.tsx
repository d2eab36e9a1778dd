import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import { InterruptedTake } from './interrupted-take';

const QUEST = {
  id: 'q2',
  txt: 'Why this job?',
  desc: '',
  vidUrl: null,
  timeLimit: 2,
  ansRule: {
    isVidAns: true,
    isScreenAns: false,
    isTxtAns: false,
    isImgAns: false,
    isCodeAns: false,
  },
};

function renderTake(props: { canRetake: boolean; index: number }) {
  const onRetake = vi.fn(() => Promise.resolve());
  const onKeep = vi.fn(() => Promise.resolve());
  renderWithProviders(
    <InterruptedTake
      quest={QUEST as never}
      index={props.index}
      count={2}
      recordedMs={6_400}
      canRetake={props.canRetake}
      onRetake={onRetake}
      onKeep={onKeep}
    />,
  );
  return { onRetake, onKeep };
}

describe('InterruptedTake', () => {
  it('with retakes: the candidate records again or keeps the take, told how much was kept', async () => {
    const { onRetake, onKeep } = renderTake({ canRetake: true, index: 0 });
    expect(screen.getByText(/What was recorded before that is kept: 6 seconds/u)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Record again' }));
    await waitFor(() => expect(onRetake).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Keep this recording' }));
    await waitFor(() => expect(onKeep).toHaveBeenCalledTimes(1));
  });

  it('on the last question keeping it is what finishes the interview', () => {
    renderTake({ canRetake: true, index: 1 });
    expect(screen.getByRole('button', { name: 'Keep it and finish the interview' })).toBeTruthy();
  });

  it('one try: no retake, the take is the answer', () => {
    renderTake({ canRetake: false, index: 1 });
    expect(screen.queryByRole('button', { name: 'Record again' })).toBeNull();
    expect(screen.getByText(/allows one try/u)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish interview' })).toBeTruthy();
  });
});
