import { HOLD_MS, LONG_TAP_MS, SWIPE_MIN_PX, TAP_TOLERANCE_PX } from '@candid/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers';
import { BottomSheet } from './bottom-sheet';
import { classifyGesture } from './gestures';

const at = (x: number, y: number, ms = 0) => ({ x, y, at: ms });

describe('classifyGesture', () => {
  it('uses the product thresholds: tap tolerance 10, hold 400, long tap 400, swipe 30', () => {
    expect([TAP_TOLERANCE_PX, HOLD_MS, LONG_TAP_MS, SWIPE_MIN_PX]).toEqual([10, 400, 400, 30]);
  });

  it('keeps a press that moves less than the tap tolerance a tap', () => {
    expect(classifyGesture(at(0, 0), at(TAP_TOLERANCE_PX - 1, 0, 100))).toEqual({ kind: 'tap' });
  });

  it('reads a still press held for the long-tap time as a long tap, not before', () => {
    expect(classifyGesture(at(0, 0), at(2, 2, LONG_TAP_MS - 1)).kind).toBe('tap');
    expect(classifyGesture(at(0, 0), at(2, 2, LONG_TAP_MS)).kind).toBe('longTap');
  });

  it('reads a move of the swipe distance as a swipe in its main direction', () => {
    expect(classifyGesture(at(0, 0), at(0, SWIPE_MIN_PX, 80))).toEqual({
      kind: 'swipe',
      direction: 'down',
    });
    expect(classifyGesture(at(0, 0), at(0, -SWIPE_MIN_PX, 80))).toMatchObject({
      direction: 'up',
    });
    expect(classifyGesture(at(50, 0), at(10, 5, 80))).toMatchObject({ direction: 'left' });
    expect(classifyGesture(at(0, 0), at(SWIPE_MIN_PX, 4, 80))).toMatchObject({
      direction: 'right',
    });
  });

  it('leaves a move between the tap tolerance and the swipe distance unread', () => {
    expect(classifyGesture(at(0, 0), at(0, SWIPE_MIN_PX - 1, 80))).toEqual({ kind: 'none' });
  });
});

describe('BottomSheet swipe to close', () => {
  function swipe(target: HTMLElement, dy: number) {
    fireEvent.pointerDown(target, { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerUp(target, { pointerId: 1, clientX: 100, clientY: 100 + dy });
  }

  it.each(['en', 'he'] as const)('closes on a swipe down of 30 px on its top (%s)', (language) => {
    const onClose = vi.fn();
    renderWithProviders(
      <BottomSheet opened onClose={onClose} title="Language">
        <p>Body</p>
      </BottomSheet>,
      { language },
    );
    const top = screen.getByTestId('sheet-top');
    swipe(top, SWIPE_MIN_PX - 1);
    expect(onClose).not.toHaveBeenCalled();
    swipe(top, -SWIPE_MIN_PX);
    expect(onClose).not.toHaveBeenCalled();
    swipe(top, SWIPE_MIN_PX);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
