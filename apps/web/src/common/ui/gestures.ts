import { HOLD_MS, LONG_TAP_MS, SWIPE_MIN_PX, TAP_TOLERANCE_PX } from '@candid/domain';
import { useRef, type PointerEvent } from 'react';

/**
 * The app's one reading of a touch (or pen, or mouse) press, so every place with a gesture
 * uses the same thresholds: a press that stays within TAP_TOLERANCE_PX is a tap, a hold once
 * held HOLD_MS and a long tap once held LONG_TAP_MS; a move of SWIPE_MIN_PX or more is a swipe
 * in its main direction (screen directions: a swipe down is down in either language).
 */
export type Gesture =
  | { kind: 'tap' }
  | { kind: 'hold' }
  | { kind: 'longTap' }
  | { kind: 'swipe'; direction: 'up' | 'down' | 'left' | 'right' }
  /** Moved beyond the tap tolerance but not far enough to be a swipe. */
  | { kind: 'none' };

export interface PressPoint {
  x: number;
  y: number;
  /** Milliseconds (event.timeStamp or performance.now()). */
  at: number;
}

export function classifyGesture(start: PressPoint, end: PressPoint): Gesture {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const distance = Math.hypot(dx, dy);
  const heldMs = end.at - start.at;
  if (distance < TAP_TOLERANCE_PX) {
    if (heldMs >= LONG_TAP_MS) return { kind: 'longTap' };
    if (heldMs >= HOLD_MS) return { kind: 'hold' };
    return { kind: 'tap' };
  }
  if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_MIN_PX) return { kind: 'none' };
  if (Math.abs(dy) >= Math.abs(dx)) return { kind: 'swipe', direction: dy > 0 ? 'down' : 'up' };
  return { kind: 'swipe', direction: dx > 0 ? 'right' : 'left' };
}

/**
 * Pointer handlers that report the gesture of each press when it ends (a cancelled press,
 * such as one the browser took over for scrolling, reports nothing).
 */
export function useGesture(onGesture: (gesture: Gesture) => void) {
  const startRef = useRef<(PressPoint & { pointerId: number }) | null>(null);
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      startRef.current = {
        x: event.clientX,
        y: event.clientY,
        at: event.timeStamp,
        pointerId: event.pointerId,
      };
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const start = startRef.current;
      startRef.current = null;
      if (!start || start.pointerId !== event.pointerId) return;
      onGesture(
        classifyGesture(start, { x: event.clientX, y: event.clientY, at: event.timeStamp }),
      );
    },
    onPointerCancel: () => {
      startRef.current = null;
    },
  };
}
