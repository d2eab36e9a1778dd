import { ACCOMMODATION_DECIDED_EVENT, type Accommodation } from '@candid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { REALTIME_PATH } from '../../common/realtime/realtime-hub';
import { accommodationQueryKey } from '../api/accommodation';

/**
 * While a request waits, listens on the candidate's own socket (the candidate token joins the
 * applicant's room on the server) for the recruiter's decision, and puts it where the panel and
 * the interview read it. On every (re)connect the request is read again, so a decision made
 * while the socket was away is not missed.
 */
export function useAccommodationDecision(
  applicantId: string | null,
  candidateToken: string | null,
  isWaiting: boolean,
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!applicantId || !candidateToken || !isWaiting) return undefined;
    const key = accommodationQueryKey(applicantId);
    const socket = io({
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token: candidateToken },
    });
    socket.on('connect', () => void queryClient.invalidateQueries({ queryKey: key }));
    socket.on(ACCOMMODATION_DECIDED_EVENT, (payload: { accommodation?: Accommodation }) => {
      if (payload?.accommodation)
        queryClient.setQueryData(key, { accommodation: payload.accommodation });
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [applicantId, candidateToken, isWaiting, queryClient]);
}
