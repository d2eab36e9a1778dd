import { TOUCH } from '@candid/domain';
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';

/**
 * The floating window's place inside the player: distances from the player's inline-end edge
 * (right in English, left in Hebrew) and from its top, so it starts in the same corner in both
 * directions and stays there when the player resizes.
 */
export interface WindowOffset {
  inlineEnd: number;
  top: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The window's offset from the corner when the player opens. */
export const DEFAULT_WINDOW_OFFSET: WindowOffset = { inlineEnd: 12, top: 12 };
/** How far one arrow key press moves the focused window, in CSS pixels. */
export const WINDOW_KEY_STEP_PX = 16;

/** Marks the element that is the floating window, so the player can measure it on resize. */
export const FLOATING_WINDOW_ATTRIBUTE = 'data-floating-window';

/** `offset` moved so the whole window (`size`) stays inside `bounds`. */
export function clampOffset(offset: WindowOffset, bounds: Size, size: Size): WindowOffset {
  const maxInlineEnd = Math.max(0, bounds.width - size.width);
  const maxTop = Math.max(0, bounds.height - size.height);
  return {
    inlineEnd: Math.min(maxInlineEnd, Math.max(0, offset.inlineEnd)),
    top: Math.min(maxTop, Math.max(0, offset.top)),
  };
}

/**
 * `offset` after the pointer moved by `dx`, `dy` screen pixels. Moving right brings the window
 * closer to the right edge, which is the inline end in English and the inline start in Hebrew.
 */
export function moveOffset(
  offset: WindowOffset,
  dx: number,
  dy: number,
  direction: 'ltr' | 'rtl',
): WindowOffset {
  return {
    inlineEnd: direction === 'rtl' ? offset.inlineEnd + dx : offset.inlineEnd - dx,
    top: offset.top + dy,
  };
}

function measure(element: Element): Size {
  const rect = element.getBoundingClientRect();
  return { width: rect.width, height: rect.height };
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  start: WindowOffset;
  bounds: Size;
  size: Size;
  /** Moved past the tap tolerance: a drag, not a tap. */
  isMoving: boolean;
}

const ARROW_MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Dragging the floating window inside `boundsRef` with a mouse, a finger or a pen (pointer events
 * with capture; the window needs `touch-action: none`), or with the arrow keys when it has focus.
 * Presses that start on a button are left to the button. The window is kept inside the player,
 * also when the player resizes (full screen, a narrower window).
 */
export function useDraggableWindow(
  boundsRef: RefObject<HTMLElement | null>,
  direction: 'ltr' | 'rtl',
  /** Changes when another element becomes the floating window (swap, close and reopen). */
  layoutKey: string,
) {
  const [offset, setOffset] = useState<WindowOffset>(DEFAULT_WINDOW_OFFSET);
  const [isDragging, setIsDragging] = useState(false);
  const dragRef = useRef<Drag | null>(null);

  useEffect(() => {
    const bounds = boundsRef.current;
    if (!bounds) return;
    const floating = bounds.querySelector(`[${FLOATING_WINDOW_ATTRIBUTE}]`);
    if (!floating) return;
    const reclamp = () => {
      const size = measure(floating);
      setOffset((current) => {
        const next = clampOffset(current, measure(bounds), size);
        return next.inlineEnd === current.inlineEnd && next.top === current.top ? current : next;
      });
    };
    // The player resizes (full screen, a narrower window) and so does the window (its video's
    // shape is known once the video loads, and a swap puts the other video in it).
    const observer = new ResizeObserver(reclamp);
    observer.observe(bounds);
    observer.observe(floating);
    return () => observer.disconnect();
  }, [boundsRef, layoutKey]);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const bounds = boundsRef.current;
    if (!bounds || (event.pointerType === 'mouse' && event.button !== 0)) return;
    if ((event.target as Element).closest('button')) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    dragRef.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      start: offset,
      bounds: measure(bounds),
      size: measure(event.currentTarget),
      isMoving: false,
    };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const dx = event.clientX - drag.startX;
    const dy = event.clientY - drag.startY;
    if (!drag.isMoving) {
      if (Math.hypot(dx, dy) < TOUCH.tapTolerance) return;
      drag.isMoving = true;
      setIsDragging(true);
    }
    setOffset(clampOffset(moveOffset(drag.start, dx, dy, direction), drag.bounds, drag.size));
  };

  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    dragRef.current = null;
    setIsDragging(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const move = ARROW_MOVES[event.key];
    const bounds = boundsRef.current;
    if (!move || !bounds || event.target !== event.currentTarget) return;
    event.preventDefault();
    const [x, y] = move;
    setOffset(
      clampOffset(
        moveOffset(offset, x * WINDOW_KEY_STEP_PX, y * WINDOW_KEY_STEP_PX, direction),
        measure(bounds),
        measure(event.currentTarget),
      ),
    );
  };

  return {
    offset,
    isDragging,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onKeyDown,
    },
  };
}
