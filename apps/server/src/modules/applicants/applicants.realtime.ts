import { interviewDoneMessageSchema, REALTIME_EVENTS } from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import { applicantRoom } from '../../plugins/realtime';
import { can, candidateActor } from '../../policies';
import { getInterviewJob } from '../jobs/interview-job';
import { notifyApplicantSaved } from '../realtime/realtime.service';
import { getOwnApplicant, toCandidateApplicant } from './applicants.service';

/**
 * The candidate's socket events: a candidate joins its own applicant's room (an accommodation
 * decided is pushed there), and its "interview done" is checked against its token (its own
 * applicant and job) and re-sent to the job owner as "alert interview done" with the server's
 * copy of the applicant, never the client's. Anything else is ignored and logged. Registered
 * with the realtime transport by app.ts, beside the recruiter's (users/users.realtime.ts).
 */
export async function candidateRealtimeHandlers(app: FastifyInstance) {
  app.realtime.onConnection((socket, identity) => {
    // A candidate hears about its own applicant only (an accommodation decided).
    if (identity.kind === 'candidate') void socket.join(applicantRoom(identity.applicantId));

    socket.on(REALTIME_EVENTS.INTERVIEW_DONE, (message: unknown) => {
      if (identity.kind !== 'candidate') {
        app.log.warn({ socketId: socket.id }, '"interview done" from a non-candidate ignored');
        return;
      }
      const parsed = interviewDoneMessageSchema.safeParse(message);
      const applicantId = parsed.success
        ? (parsed.data.data.applicant.id ?? parsed.data.data.applicant._id)
        : undefined;
      const scope = {
        applicantId: identity.applicantId,
        jobId: identity.jobId,
        orgId: identity.orgId,
      };
      if (
        !parsed.success ||
        !can(candidateActor(scope), 'interview.answer', {
          applicantId: applicantId ?? '',
          jobId: parsed.data.data.jobId,
        })
      ) {
        app.log.warn({ socketId: socket.id }, '"interview done" about another applicant ignored');
        return;
      }
      void (async () => {
        const row = await getOwnApplicant(app.db, scope, identity.applicantId);
        // Only a submitted interview is "done"; the submit call itself has already alerted.
        if (!row.submittedAt) {
          app.log.warn({ socketId: socket.id }, '"interview done" before submitting ignored');
          return;
        }
        const job = await getInterviewJob(app.db, identity.jobId, { activeOnly: false });
        const applicant = await toCandidateApplicant(row, job, app.storage);
        notifyApplicantSaved(app, job.ownerId, 'submitted', applicant);
      })().catch((error: unknown) => {
        app.log.warn({ err: error }, '"interview done" could not be relayed');
      });
    });
  });
}
