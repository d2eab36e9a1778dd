import {
  ACCOMMODATION_DECIDED_EVENT,
  REALTIME_EVENTS,
  type Accommodation,
  type ApplicantEventPayload,
  type ApplicantEventType,
  type CandidateApplicant,
} from '@candid/domain';
import type { FastifyInstance } from 'fastify';

/**
 * Tells the job owner's open back-office tabs about an applicant: "save applicant"
 * for every change, plus "alert interview done" when the interview was submitted.
 */
export function notifyApplicantSaved(
  app: FastifyInstance,
  ownerId: string,
  type: ApplicantEventType,
  applicant: CandidateApplicant,
): void {
  const payload: ApplicantEventPayload = {
    userId: ownerId,
    data: { type, applicant, jobId: applicant.jobInfo.jobId },
  };
  app.realtime.emitToUser(ownerId, REALTIME_EVENTS.SAVE_APPLICANT, payload);
  if (type === 'submitted') {
    app.realtime.emitToUser(ownerId, REALTIME_EVENTS.ALERT_INTERVIEW_DONE, payload);
  }
}

/**
 * Tells every reviewer of the organisation but the ones in `except` (who made the change) that
 * an applicant changed in a way each of them sees (a rating moved the averages): their
 * open overview and details pages read it again. Another organisation hears nothing.
 */
export function notifyReviewers(
  app: FastifyInstance,
  ownerId: string,
  reviewerIds: readonly string[],
  except: readonly string[],
  type: ApplicantEventType,
  applicant: CandidateApplicant,
): void {
  // The payload is the product's: `userId` names the job owner, whoever receives it.
  const payload: ApplicantEventPayload = {
    userId: ownerId,
    data: { type, applicant, jobId: applicant.jobInfo.jobId },
  };
  for (const userId of reviewerIds) {
    if (!except.includes(userId))
      app.realtime.emitToUser(userId, REALTIME_EVENTS.SAVE_APPLICANT, payload);
  }
}

/** Tells the candidate's open interview that the recruiter decided its accommodation request. */
export function notifyAccommodationDecided(
  app: FastifyInstance,
  applicantId: string,
  accommodation: Accommodation,
): void {
  app.realtime.emitToApplicant(applicantId, ACCOMMODATION_DECIDED_EVENT, { accommodation });
}
