import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { createStorageTokenStore } from '../api/token-store';
import { useSession } from '../session/session-query';
import { useViewAsStore } from '../stores/view-as-store';
import { createRealtimeHub, type ApplicantEventHandler, type RealtimeHub } from './realtime-hub';

let appHub: RealtimeHub | null = null;

/** The tab's one realtime hub, made on first use (never on the candidate side). */
function getAppHub(): RealtimeHub {
  appHub ??= createRealtimeHub({
    createSocket: (options) => io(options),
    getAccessToken: () => createStorageTokenStore().getAccessToken(),
  });
  return appHub;
}

/**
 * Calls `handler` for every "save applicant" and "alert interview done" about the logged-in
 * recruiter's jobs, while the calling screen is mounted. The handler may change on
 * every render; the subscription does not.
 */
export function useApplicantEvents(handler: ApplicantEventHandler): void {
  const { user } = useSession();
  // An admin viewing as someone watches that account's jobs (the server checks the role).
  const viewAsId = useViewAsStore((state) => state.viewAs?._id);
  const userId = user ? (viewAsId ?? user._id) : undefined;
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!userId) return undefined;
    return getAppHub().subscribe(userId, (event) => handlerRef.current(event));
  }, [userId]);
}
