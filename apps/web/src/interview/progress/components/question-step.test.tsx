import {
  answerRuleFor,
  type Accommodation,
  type InterviewErrorType,
  type PublicQuestion,
} from '@candid/domain';
import { useEffect, useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../common/test/render-with-providers';
import type { ActiveTake } from '../take-recorder';
import { QuestionStep, type QuestionResult } from './question-step';

/** Each take the step starts; the recorders themselves are not under test here. */
const takes = vi.hoisted(() => ({ started: [] as ActiveTake[] }));
vi.mock('../take-recorder', () => ({
  startTake: async () => {
    const take: ActiveTake = {
      recordings: [{ recId: `rec-${takes.started.length + 1}`, kind: 'face' }],
      startedAt: Date.now(),
      review: null,
      stop: vi.fn(async () => undefined),
      discard: vi.fn(async () => undefined),
      pause: vi.fn(),
      resume: vi.fn(() => true),
    };
    takes.started.push(take);
    return take;
  },
}));

const QUEST = {
  id: 'q1',
  txt: 'Tell us about a project you are proud of',
  desc: '',
  timeLimit: 1,
  ansRule: answerRuleFor('video'),
} as unknown as PublicQuestion;

function accommodation(
  status: Accommodation['status'],
  extraRetakes: Accommodation['extraRetakes'],
): Accommodation {
  return {
    extraTimePct: null,
    extraRetakes,
    reason: 'A tremor',
    status,
    requestedAt: '2026-01-01T10:00:00.000Z',
    decidedAt: status === 'pending' ? null : '2026-01-01T10:01:00.000Z',
  };
}

function renderStep(props: { isOneTry: boolean; accommodation: Accommodation | null }) {
  const onDone = vi.fn<(result: QuestionResult) => void>();
  renderWithProviders(
    <QuestionStep
      quest={QUEST}
      index={0}
      count={2}
      isOneTry={props.isOneTry}
      cameraStream={{} as MediaStream}
      screenStream={null}
      mimeType={null}
      bitrates={null}
      target={null}
      applicantId={null}
      accommodation={props.accommodation}
      onDone={onDone}
    />,
  );
  return { onDone };
}

/** Lets the clock run `ms` and the promises it starts settle. */
async function pass(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
  await act(async () => undefined);
}

const phase = () => screen.getByTestId('question-step').getAttribute('data-phase');

describe('QuestionStep one-try with extra retakes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    takes.started = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers Stop, then Retake with the count left, and the last take runs as a plain one-try take', async () => {
    const { onDone } = renderStep({ isOneTry: true, accommodation: accommodation('approved', 1) });
    expect(screen.getByTestId('one-try-countdown')).toBeVisible();
    await pass(10_000);
    expect(phase()).toBe('recording');
    expect(screen.getByTestId('one-try-retakes')).toHaveTextContent(
      'you can stop this take and record it again 1 more time',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    await pass(0);
    expect(phase()).toBe('recorded');
    const retake = screen.getByRole('button', { name: 'Retake (1 left)' });
    expect(screen.getByRole('button', { name: 'Save and proceed' })).toBeEnabled();

    fireEvent.click(retake);
    await pass(0);
    expect(takes.started[0]!.discard).toHaveBeenCalledTimes(1);
    // The same countdown, then the second take with the full limit.
    expect(phase()).toBe('countdown');
    expect(screen.getByTestId('one-try-countdown')).toHaveTextContent('10');
    await pass(10_000);
    expect(phase()).toBe('recording');
    expect(takes.started).toHaveLength(2);
    expect(screen.getByTestId('one-try-retakes')).toHaveTextContent('This is your last take');
    expect(screen.queryByRole('button', { name: 'Stop recording' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Retake/ })).toBeNull();

    // Time-up ends the last take and the question, as one-try does.
    await pass(60_000);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone.mock.calls[0]![0].recordings).toEqual([{ recId: 'rec-2', kind: 'face' }]);
    expect(screen.queryByRole('button', { name: /Retake/ })).toBeNull();
  });

  it('keeps time-up for review while a retake is left', async () => {
    const { onDone } = renderStep({ isOneTry: true, accommodation: accommodation('approved', 2) });
    await pass(10_000);
    await pass(60_000);
    expect(onDone).not.toHaveBeenCalled();
    expect(phase()).toBe('recorded');
    expect(screen.getByRole('button', { name: 'Retake (2 left)' })).toBeVisible();
  });

  it.each([
    { name: 'no request', accommodation: null },
    { name: 'a pending request', accommodation: accommodation('pending', 2) },
    { name: 'a declined request', accommodation: accommodation('declined', 2) },
    { name: 'approved extra time only', accommodation: accommodation('approved', null) },
  ])('offers no retake with $name', async ({ accommodation: given }) => {
    const { onDone } = renderStep({ isOneTry: true, accommodation: given });
    await pass(10_000);
    expect(phase()).toBe('recording');
    expect(screen.queryByRole('button', { name: 'Stop recording' })).toBeNull();
    expect(screen.queryByTestId('one-try-retakes')).toBeNull();
    await pass(60_000);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /Retake/ })).toBeNull();
  });

  it('a job with retakes keeps its own unlimited Retake, without a count', async () => {
    renderStep({ isOneTry: false, accommodation: accommodation('approved', 2) });
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    await pass(0);
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    await pass(0);
    expect(screen.getByRole('button', { name: 'Retake' })).toBeVisible();
    expect(screen.queryByTestId('one-try-retake')).toBeNull();
  });
});

/** The step with a blocking error the test raises and clears, as the progress page does. */
const blocker = { set: (_cause: InterviewErrorType | null): void => undefined };
function BlockableStep({
  isOneTry,
  onDone,
}: {
  isOneTry: boolean;
  onDone: (result: QuestionResult) => void;
}) {
  const [blockedBy, setBlocked] = useState<InterviewErrorType | null>(null);
  useEffect(() => {
    blocker.set = setBlocked;
  }, []);
  return (
    <QuestionStep
      quest={QUEST}
      index={0}
      count={2}
      isOneTry={isOneTry}
      cameraStream={{} as MediaStream}
      screenStream={null}
      mimeType={null}
      bitrates={null}
      target={null}
      applicantId={null}
      blockedBy={blockedBy}
      onDone={onDone}
    />
  );
}

async function block(cause: InterviewErrorType | null) {
  await act(async () => blocker.set(cause));
  await act(async () => undefined);
}

describe('QuestionStep under a blocking error', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    takes.started = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<[InterviewErrorType, boolean]>([
    ['NO_NETWORK', true],
    ['MIC_LOW_VOLUME', true],
    ['NO_NETWORK', false],
  ])('%s (one-try %s): the recorders pause, and the same take goes on', async (cause, isOneTry) => {
    const onDone = vi.fn<(result: QuestionResult) => void>();
    renderWithProviders(<BlockableStep isOneTry={isOneTry} onDone={onDone} />);
    if (isOneTry) await pass(10_000);
    else {
      fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
      await pass(0);
    }
    expect(phase()).toBe('recording');
    await pass(5_000);
    await block(cause);
    const take = takes.started[0]!;
    expect(take.pause).toHaveBeenCalledTimes(1);
    expect(take.stop).not.toHaveBeenCalled();
    // Paused, the clock does not run out.
    await pass(120_000);
    expect(onDone).not.toHaveBeenCalled();
    await block(null);
    expect(take.resume).toHaveBeenCalledTimes(1);
    expect(takes.started).toHaveLength(1);
    expect(phase()).toBe('recording');
  });

  it('one-try: a lost camera cuts the take off; once back, a new recording goes on and both are the answer', async () => {
    const onDone = vi.fn<(result: QuestionResult) => void>();
    renderWithProviders(<BlockableStep isOneTry onDone={onDone} />);
    await pass(10_000);
    await pass(20_000);
    await block('CAMERA_NOT_FOUND');
    expect(takes.started[0]!.stop).toHaveBeenCalled();
    await block(null);
    expect(takes.started).toHaveLength(2);
    expect(takes.started[0]!.discard).not.toHaveBeenCalled();
    expect(phase()).toBe('recording');
    // What is left of the minute, not a new one.
    await pass(40_500);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone.mock.calls[0]![0].recordings).toEqual([
      { recId: 'rec-1', kind: 'face' },
      { recId: 'rec-2', kind: 'face' },
    ]);
  });

  it('one-try: after the screen share was stopped, the cut-off take is the answer', async () => {
    renderWithProviders(<BlockableStep isOneTry onDone={vi.fn()} />);
    await pass(10_000);
    await block('DENIED_SCREEN_ACCESS');
    await block(null);
    expect(takes.started).toHaveLength(1);
    expect(phase()).toBe('recorded');
  });

  it('with retakes: a lost camera cuts the take off; once back, the answer is recorded again', async () => {
    renderWithProviders(<BlockableStep isOneTry={false} onDone={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    await pass(3_000);
    await block('CAMERA_NOT_FOUND');
    await block(null);
    expect(takes.started[0]!.discard).toHaveBeenCalledTimes(1);
    expect(takes.started).toHaveLength(2);
    expect(phase()).toBe('recording');
  });
});
