import { isAdmin, REALTIME_EVENTS } from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import { userRoom } from '../../plugins/realtime';
import { findStoredUser } from './users.service';

/**
 * The recruiter's socket event: a "user watch" joins the user's own room only (an admin's also
 * the room of an account they view as). Anything else is refused and logged. Registered with
 * the realtime transport by app.ts, beside the candidate's (applicants/applicants.realtime.ts).
 */
export async function userRealtimeHandlers(app: FastifyInstance) {
  /** Whether `watcherId` is an admin and `targetId` an account (an admin's view-as). */
  async function mayWatchAs(watcherId: string, targetId: string): Promise<boolean> {
    const [watcher, target] = await Promise.all([
      findStoredUser(app.db, watcherId),
      findStoredUser(app.db, targetId),
    ]);
    return watcher !== null && target !== null && isAdmin(watcher);
  }

  app.realtime.onConnection((socket, identity) => {
    // An optional acknowledgement tells the client whether it now watches (true) or not.
    socket.on(REALTIME_EVENTS.USER_WATCH, (userId: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (ok: boolean) => void) : () => undefined;
      if (identity.kind === 'user' && userId === identity.userId) {
        void Promise.resolve(socket.join(userRoom(identity.userId))).then(() => reply(true));
        return;
      }
      // An admin viewing the back office as someone watches that account's events:
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
  });
}
