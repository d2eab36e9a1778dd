import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { AppConfig } from '../config';

/** Who a socket belongs to, from the token in its handshake (`auth.token`). */
export type SocketIdentity =
  | { kind: 'user'; userId: string; orgId: string }
  | { kind: 'candidate'; applicantId: string; jobId: string; orgId: string };

/** Handles one connected socket (modules/realtime registers the event handlers). */
export type ConnectionHandler = (socket: Socket, identity: SocketIdentity) => void;

export interface Realtime {
  readonly io: Server;
  /** Emits to every socket watching `userId` (room `user:<id>`), on any instance. */
  emitToUser(userId: string, event: string, payload: unknown): void;
  /** Emits to the candidate sockets of one applicant (room `applicant:<id>`), on any instance. */
  emitToApplicant(applicantId: string, event: string, payload: unknown): void;
  /** Adds what happens when a socket connects. */
  onConnection(handler: ConnectionHandler): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** The room of a recruiter's sockets. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** The room of a candidate's sockets: joined on connecting with that applicant's token. */
export function applicantRoom(applicantId: string): string {
  return `applicant:${applicantId}`;
}

function handshakeToken(socket: Socket): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1]! : null;
}

/**
 * socket.io 4 on Fastify's own HTTP server (path /socket.io, websocket transport).
 * A socket must present an access token (recruiter) or a candidate token in its handshake;
 * anything else is refused. With REDIS_URL the Redis adapter fans events out to every
 * instance, so an emit on one process reaches a recruiter connected to another.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, opts: { config: AppConfig }) => {
  const io = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    cors: { origin: true, credentials: true },
  });
  const handlers: ConnectionHandler[] = [];
  let redisClients: Redis[] = [];

  if (opts.config.redisUrl) {
    const pub = new Redis(opts.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    // The adapter subscribes once, at start. A subscription that failed because Redis was not
    // reachable yet would never be retried (ioredis re-subscribes only what succeeded), so the
    // subscriber keeps its commands queued until it connects instead of failing them.
    const sub = pub.duplicate({ maxRetriesPerRequest: null });
    redisClients = [pub, sub];
    for (const client of redisClients) {
      client.on('error', (error: Error) => app.log.warn({ err: error }, 'realtime redis error'));
    }
    io.adapter(createAdapter(pub, sub));
    await awaitSubscription(app, sub);
  }

  io.use((socket, next) => {
    const token = handshakeToken(socket);
    if (!token) {
      next(new Error('LOGIN_REQUIRED_ERR'));
      return;
    }
    void identify(app, token).then(
      (identity) => {
        if (!identity) {
          next(new Error('INVALID_TOKEN_ERR'));
          return;
        }
        socket.data.identity = identity;
        next();
      },
      () => next(new Error('INVALID_TOKEN_ERR')),
    );
  });

  io.on('connection', (socket) => {
    const identity = socket.data.identity as SocketIdentity;
    for (const handler of handlers) handler(socket, identity);
  });

  app.decorate('realtime', {
    io,
    emitToUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    emitToApplicant(applicantId, event, payload) {
      io.to(applicantRoom(applicantId)).emit(event, payload);
    },
    onConnection(handler) {
      handlers.push(handler);
    },
  } satisfies Realtime);

  // Before the HTTP server closes (preClose): it waits for every open connection, websockets
  // included, so they must go first. io.close() would close the HTTP server too; Fastify closes
  // it itself, so only the sockets go. Clients reconnect to another process.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
  });
});

/** How long start-up waits for Redis to confirm the subscription before serving without it. */
const SUBSCRIPTION_WAIT_MS = 5_000;

/**
 * The adapter subscribes without waiting for Redis's answer. A process that served (and that a
 * load balancer counted healthy) before its subscription took effect missed what the other
 * processes emitted meanwhile: on a loaded machine, a recruiter connected to a freshly started
 * process did not hear of an applicant started on another. The subscriber runs its commands in
 * order, so the answer to a PING queued after the subscriptions means they have taken effect.
 * When Redis does not answer in time the process serves anyway, saying so, and the queued
 * subscriptions take effect once it does (realtime is not worth refusing interviews over).
 */
async function awaitSubscription(app: FastifyInstance, sub: Redis): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const subscribed = await Promise.race([
    sub.ping().then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), SUBSCRIPTION_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!subscribed) {
    app.log.warn(
      `realtime: Redis did not confirm the subscription within ${SUBSCRIPTION_WAIT_MS} ms; serving, and other processes' events arrive once it does`,
    );
  }
}

async function identify(app: FastifyInstance, token: string): Promise<SocketIdentity | null> {
  try {
    const payload = await app.tokens.verify(token, 'access');
    // A token whose session was logged out or ended opens no socket (docs/security.md).
    if (!(await app.isSessionLive(payload.sid))) return null;
    if (typeof payload.sub === 'string' && typeof payload.org === 'string') {
      return { kind: 'user', userId: payload.sub, orgId: payload.org };
    }
    return null;
  } catch {
    // Not an access token: maybe a candidate's.
  }
  const payload = await app.tokens.verify(token, 'candidate');
  const { sub, job, org } = payload;
  if (typeof sub !== 'string' || typeof job !== 'string' || typeof org !== 'string') return null;
  return { kind: 'candidate', applicantId: sub, jobId: job, orgId: org };
}
