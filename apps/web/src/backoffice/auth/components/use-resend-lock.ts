import { RESEND_EMAIL_LOCK_MS } from '@candid/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The resend lock: after each use a resend button stays disabled for
 * RESEND_EMAIL_LOCK_MS, so a user cannot flood their inbox (or the rate limit) by clicking.
 */
export function useResendLock(lockMs: number = RESEND_EMAIL_LOCK_MS) {
  const [isLocked, setIsLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const lock = useCallback(() => {
    setIsLocked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setIsLocked(false), lockMs);
  }, [lockMs]);

  return { isLocked, lock };
}
