import type { MediaCheckReportBody } from '@candid/domain';
import { useEffect } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useApiClient } from '../../common/api/api-client-context';
import { reportMediaCheck } from '../api/report-media-check';
import { useInterviewSession } from '../session/interview-session-store';

/**
 * The device check's outcome waiting to reach the server. The check usually ends before the
 * applicant exists (it is created when the interview starts), but an adjustment request can
 * create it earlier: the outcome is kept here, and sent as soon as both are there.
 */
interface MediaCheckReportState {
  jobId: string | null;
  outcome: MediaCheckReportBody | null;
  /** The applicant the current outcome was sent for (null: not sent yet). */
  reportedFor: string | null;
}

const useMediaCheckReportStore = create<MediaCheckReportState>()(
  persist((): MediaCheckReportState => ({ jobId: null, outcome: null, reportedFor: null }), {
    name: 'candid.interview.mediaCheck',
    storage: createJSONStorage(() => sessionStorage),
  }),
);

/** Keeps how this job's device check ended, to be sent once the applicant exists. */
export function rememberMediaCheckOutcome(jobId: string, outcome: MediaCheckReportBody): void {
  useMediaCheckReportStore.setState({ jobId, outcome, reportedFor: null });
}

/**
 * Sends the remembered outcome for the session's applicant, once per outcome (a new check, run
 * again before the interview, sends again). The API client already retries a failed transport;
 * a refusal is not tried again (it would be refused again), and never stops the interview.
 */
export function useMediaCheckReport(): void {
  const api = useApiClient();
  useEffect(() => {
    const send = () => {
      const { applicant, jobId, isDemo } = useInterviewSession.getState();
      const pending = useMediaCheckReportStore.getState();
      if (isDemo || !applicant || !pending.outcome || pending.jobId !== jobId) return;
      if (pending.reportedFor === applicant.id) return;
      const { outcome } = pending;
      useMediaCheckReportStore.setState({ reportedFor: applicant.id });
      reportMediaCheck(api, applicant.id, outcome).catch(() => undefined);
    };
    send();
    const stopSession = useInterviewSession.subscribe(send);
    const stopReport = useMediaCheckReportStore.subscribe(send);
    return () => {
      stopSession();
      stopReport();
    };
  }, [api]);
}
