import { FILTER_DEBOUNCE_MS } from '@candid/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { isPageLeft } from '../routing/live-location';

/**
 * A search box over a text kept elsewhere (the URL). Typing shows at once; the trimmed text is
 * committed after `delayMs` of quiet (200 ms), and only when it differs from the
 * committed one. When the committed text changes from outside (back/forward, a shared link,
 * "clear filters") the box follows it and a pending commit is dropped, so an old keystroke
 * cannot undo the navigation. The echo of the box's own commit does not reset the box, so
 * typing on while the URL catches up loses nothing. A commit falling due after the user left
 * the page (the page still rendered while the next one loads) is dropped: it would otherwise
 * write this page's search into the next one.
 */
export function useSearchBox(
  committed: string,
  onCommit: (txt: string) => void,
  delayMs: number = FILTER_DEBOUNCE_MS,
): [string, (value: string) => void] {
  const [value, setValue] = useState(committed);
  const [seenCommitted, setSeenCommitted] = useState(committed);
  const [ownCommit, setOwnCommit] = useState<string | null>(null);

  // Adjusting state when a prop changes, during render, so an outside change shows at once.
  if (seenCommitted !== committed) {
    setSeenCommitted(committed);
    setOwnCommit(null);
    if (committed !== ownCommit && value.trim() !== committed) setValue(committed);
  }

  // The timer reads the latest values through refs, refreshed after every render.
  const { pathname } = useLocation();
  const latest = useRef({ value, committed, onCommit, pathname });
  useEffect(() => {
    latest.current = { value, committed, onCommit, pathname };
  });
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timerRef.current !== null) clearTimeout(timerRef.current);
    },
    [],
  );

  const onChange = useCallback(
    (next: string) => {
      setValue(next);
      if (timerRef.current !== null) clearTimeout(timerRef.current);
      timerRef.current = setTimeout(() => {
        timerRef.current = null;
        const current = latest.current;
        // The box was reset from outside since this keystroke: the keystroke is stale.
        if (current.value !== next) return;
        if (isPageLeft(current.pathname)) return;
        const txt = next.trim();
        if (txt === current.committed) return;
        setOwnCommit(txt);
        current.onCommit(txt);
      }, delayMs);
    },
    [delayMs],
  );
  return [value, onChange];
}
