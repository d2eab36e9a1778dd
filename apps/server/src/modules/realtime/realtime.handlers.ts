import { interviewDoneMessageSchema, isAdmin, REALTIME_EVENTS } from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import { applicantRoom, userRoom } from '../../plugins/realtime';
import { can, candidateActor } from '../../policies';
import { getOwnApplicant, toCandidateApplicant } from '../applicants/applicants.service';
import { getInterviewJob } from '../jobs/interview-job';
import { findStoredUser } from '../users/users.service';
import { notifyApplicantSaved } from './realtime.service';

/**
 * Socket events of spec §7. A recruiter's "user watch" joins their own room only (an admin's
 * also the room of an account they view as); a
 * candidate's "interview done" is checked against its token (its own applicant and job) and
 * re-sent to the job owner as "alert interview done" with the server's copy of the applicant,
 * never the client's. Anything else is ignored and logged.
 */
export async function realtimeHandlers(app: FastifyInstance) {
  /** Whether `watcherId` is an admin and `targetId` an account (an admin's view-as). */
  async function mayWatchAs(watcherId: string, targetId: string): Promise<boolean> {
    const [watcher, target] = await Promise.all([
      findStoredUser(app.db, watcherId),
      findStoredUser(app.db, targetId),
    ]);
    return watcher !== null && target !== null && isAdmin(watcher);
  }

  app.realtime.onConnection((socket, identity) => {
    // A candidate hears about its own applicant only (an accommodation decided, issue 14).
    if (identity.kind === 'candidate') void socket.join(applicantRoom(identity.applicantId));
    // An optional acknowledgement tells the client whether it now watches (true) or not.
    socket.on(REALTIME_EVENTS.USER_WATCH, (userId: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (ok: boolean) => void) : () => undefined;
      if (identity.kind === 'user' && userId === identity.userId) {
        void Promise.resolve(socket.join(userRoom(identity.userId))).then(() => reply(true));
        return;
      }
      // An admin viewing the back office as someone (spec §6) watches that account's events:
      // the role is read from the users table now, never from the token.
      if (identity.kind === 'user' && typeof userId === 'string') {
        void mayWatchAs(identity.userId, userId).then(async (allowed) => {
          if (allowed) await socket.join(userRoom(userId));
          else app.log.warn({ socketId: socket.id }, 'refused "user watch" of another account');
          reply(allowed);
        });
        return;
      }
      app.log.warn({ socketId: socket.id, kind: identity.kind }, 'refused "user watch"');
      reply(false);
    });

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
