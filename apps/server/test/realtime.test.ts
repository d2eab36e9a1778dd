import { REALTIME_EVENTS, type ApplicantEventPayload, type Job } from '@candid/domain';
import { randomUUID } from 'node:crypto';
import { createServer, connect as tcpConnect, type Server as TcpServer } from 'node:net';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from './factories';
import {
  accountWith,
  callAsCandidate,
  createInterviewJob,
  startInterview,
} from './interview-helpers';
import { createTestApp, type TestApp } from './test-app';
import { testDbKinds } from './test-db';

function open(origin: string, token: string | null): Promise<Socket> {
  const socket = connect(origin, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

function collect(socket: Socket, event: string): ApplicantEventPayload[] {
  const seen: ApplicantEventPayload[] = [];
  socket.on(event, (payload: ApplicantEventPayload) => seen.push(payload));
  return seen;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe.each(testDbKinds('both'))('realtime (%s)', (kind) => {
  let t: TestApp;
  let origin: string;
  let owner: SignedUp;
  let stranger: SignedUp;
  let job: Job;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await accountWith(t.app);
    stranger = await accountWith(t.app);
    job = await createInterviewJob(t.app, owner, ['text']);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
  });

  async function watcher(account: SignedUp) {
    const socket = await open(origin, account.accessToken);
    sockets.push(socket);
    expect(await socket.emitWithAck(REALTIME_EVENTS.USER_WATCH, account.user._id)).toBe(true);
    return socket;
  }

  it('refuses sockets without a valid token and watching someone else', async () => {
    await expect(open(origin, null)).rejects.toThrow();
    await expect(open(origin, 'garbage')).rejects.toThrow();
    const socket = await open(origin, stranger.accessToken);
    sockets.push(socket);
    expect(await socket.emitWithAck(REALTIME_EVENTS.USER_WATCH, owner.user._id)).toBe(false);
  });

  it('opens no socket for an access token whose session was logged out', async () => {
    const leaver = await accountWith(t.app);
    const before = await open(origin, leaver.accessToken);
    sockets.push(before);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: leaver.refreshToken },
    });
    expect(logout.statusCode).toBe(200);
    await expect(open(origin, leaver.accessToken)).rejects.toThrow('INVALID_TOKEN_ERR');
  });

  it("lets an admin watch the account they view as, and no recruiter watch another's", async () => {
    const admin = await accountWith(t.app, { role: 'admin' });
    const socket = await open(origin, admin.accessToken);
    sockets.push(socket);
    expect(await socket.emitWithAck(REALTIME_EVENTS.USER_WATCH, owner.user._id)).toBe(true);
    const saved = collect(socket, REALTIME_EVENTS.SAVE_APPLICANT);
    await startInterview(t.app, job._id);
    await until(() => saved.length > 0);
    expect(await socket.emitWithAck(REALTIME_EVENTS.USER_WATCH, randomUUID())).toBe(false);
    // A recruiter of the same organisation is no admin.
    const colleague = await accountWith(t.app, { orgId: owner.user.companyId! });
    const other = await open(origin, colleague.accessToken);
    sockets.push(other);
    expect(await other.emitWithAck(REALTIME_EVENTS.USER_WATCH, owner.user._id)).toBe(false);
  });

  it('tells the job owner (only) about created, updated and submitted applicants', async () => {
    const ownerSocket = await watcher(owner);
    const strangerSocket = await watcher(stranger);
    const saved = collect(ownerSocket, REALTIME_EVENTS.SAVE_APPLICANT);
    const alerts = collect(ownerSocket, REALTIME_EVENTS.ALERT_INTERVIEW_DONE);
    const leaked = collect(strangerSocket, REALTIME_EVENTS.SAVE_APPLICANT);

    const c = await startInterview(t.app, job._id);
    await until(() => saved.length === 1);
    expect(saved[0]).toMatchObject({
      userId: owner.user._id,
      data: { type: 'created', jobId: job._id, applicant: { id: c.applicant.id } },
    });
    const as = callAsCandidate(t.app, c.candidateToken);
    const put = (body: Record<string, unknown>) =>
      as('PUT', '/api/applicant', { applicant: { id: c.applicant.id, ...body }, jobId: job._id });
    expect(
      (await put({ answerMap: { [job.quests[0]!.id]: { resTime: 3, txt: 'hi' } } })).statusCode,
    ).toBe(200);
    expect((await put({ timestamp: { submitted: new Date().toISOString() } })).statusCode).toBe(
      200,
    );
    await until(() => alerts.length === 1);
    expect(saved.map((event) => event.data.type)).toEqual(['created', 'updated', 'submitted']);
    expect(alerts[0]!.data.applicant.timestamp.submitted).toEqual(expect.any(String));

    // A candidate may announce only its own submitted interview.
    const other = await startInterview(t.app, job._id);
    const candidate = await open(origin, c.candidateToken);
    sockets.push(candidate);
    candidate.emit(REALTIME_EVENTS.INTERVIEW_DONE, {
      userId: owner.user._id,
      data: { type: 'submitted', applicant: { id: other.applicant.id }, jobId: job._id },
    });
    candidate.emit(REALTIME_EVENTS.INTERVIEW_DONE, {
      userId: owner.user._id,
      data: { type: 'submitted', applicant: { id: c.applicant.id }, jobId: job._id },
    });
    await until(() => alerts.length === 2);
    expect(alerts.map((event) => event.data.applicant.id)).toEqual([
      c.applicant.id,
      c.applicant.id,
    ]);
    expect(leaked).toEqual([]);
  });

  it("tells the organisation's other reviewers of a rating, never the rater or another organisation", async () => {
    const colleague = await accountWith(t.app, { orgId: owner.user.companyId! });
    const c = await startInterview(t.app, job._id);
    const [ownerSocket, colleagueSocket, strangerSocket] = await Promise.all([
      watcher(owner),
      watcher(colleague),
      watcher(stranger),
    ]);
    const toOwner = collect(ownerSocket, REALTIME_EVENTS.SAVE_APPLICANT);
    const toColleague = collect(colleagueSocket, REALTIME_EVENTS.SAVE_APPLICANT);
    const leaked = collect(strangerSocket, REALTIME_EVENTS.SAVE_APPLICANT);

    const rated = await t.app.inject({
      method: 'PUT',
      url: `/api/job/${job._id}/${c.applicant.id}/rating`,
      headers: { authorization: `Bearer ${colleague.accessToken}` },
      payload: { targetType: 'criterion', targetId: 'overall', score: 4 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    await until(() => toOwner.length === 1);
    expect(toOwner[0]).toMatchObject({
      userId: owner.user._id,
      data: { type: 'rated', jobId: job._id, applicant: { id: c.applicant.id } },
    });
    // A stray event to the rater or a stranger would have arrived with the owner's.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toColleague).toEqual([]);
    // And the other way round: the colleague hears of the owner's rating.
    const byOwner = await t.app.inject({
      method: 'PUT',
      url: `/api/job/${job._id}/${c.applicant.id}/rating`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
      payload: { targetType: 'criterion', targetId: 'overall', score: 5 },
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    await until(() => toColleague.length === 1);
    expect(toColleague[0]).toMatchObject({ userId: owner.user._id, data: { type: 'rated' } });
    expect(toOwner).toHaveLength(1);
    expect(leaked).toEqual([]);
  });

  it('tells a reviewer of a rating on a job they are on, and nothing of the others', async () => {
    const orgId = owner.user.companyId!;
    const onJob = await accountWith(t.app, { orgId, fName: 'Rita' });
    const offJob = await accountWith(t.app, { orgId, fName: 'Ron' });
    for (const reviewer of [onJob, offJob]) {
      const made = await t.app.inject({
        method: 'PUT',
        url: `/api/team/member/${reviewer.user._id}`,
        headers: { authorization: `Bearer ${owner.accessToken}` },
        payload: { fName: reviewer.user.fName, email: reviewer.email, orgRole: 'reviewer' },
      });
      expect(made.statusCode, made.body).toBe(200);
    }
    const assigned = await t.app.inject({
      method: 'PUT',
      url: `/api/job/${job._id}/access`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
      payload: { reviewerIds: [onJob.user._id] },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const c = await startInterview(t.app, job._id);
    const [onSocket, offSocket] = await Promise.all([watcher(onJob), watcher(offJob)]);
    const toOn = collect(onSocket, REALTIME_EVENTS.SAVE_APPLICANT);
    const toOff = collect(offSocket, REALTIME_EVENTS.SAVE_APPLICANT);
    const rated = await t.app.inject({
      method: 'PUT',
      url: `/api/job/${job._id}/${c.applicant.id}/rating`,
      headers: { authorization: `Bearer ${owner.accessToken}` },
      payload: { targetType: 'criterion', targetId: 'overall', score: 3 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    await until(() => toOn.length === 1);
    expect(toOn[0]).toMatchObject({ data: { type: 'rated', jobId: job._id } });
    // The event to the reviewer not on the job would have come with the other's.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toOff).toEqual([]);
  });
});

/** A free local port, or the server listening on it when `target` is given (a TCP relay). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function relay(port: number, target: URL): Promise<TcpServer> {
  const server = createServer((inbound) => {
    const outbound = tcpConnect(Number(target.port || 6379), target.hostname);
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('error', () => outbound.destroy());
    outbound.on('error', () => inbound.destroy());
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe.runIf(process.env.REDIS_URL)('realtime across instances (Redis adapter)', () => {
  it('an emit on one instance reaches a client of the other', { timeout: 60_000 }, async () => {
    const env = { REDIS_URL: process.env.REDIS_URL! };
    const a = await createTestApp('pglite', env);
    const b = await createTestApp('pglite', env);
    try {
      const originB = await b.app.listen({ port: 0, host: '127.0.0.1' });
      const { accessToken: token, user } = await signUp(b.app);
      const socket = await open(originB, token);
      expect(await socket.emitWithAck(REALTIME_EVENTS.USER_WATCH, user._id)).toBe(true);
      const seen: unknown[] = [];
      socket.on('ping test', (payload: unknown) => seen.push(payload));
      // Once: both were subscribed before they were ready (the test below).
      a.app.realtime.emitToUser(user._id, 'ping test', { ok: 1 });
      await until(() => seen.length > 0);
      expect(seen).toEqual([{ ok: 1 }]);
      socket.close();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it(
    'is subscribed before it serves, when Redis is slow to answer at start',
    { timeout: 60_000 },
    async () => {
      // A freshly started process that served before its subscription took effect missed what the
      // others emitted meanwhile (an applicant started on another process, on a loaded machine).
      const redisUrl = new URL(process.env.REDIS_URL!);
      const port = await freePort();
      // Redis answers a second after the process starts.
      const gate = new Promise<TcpServer>((resolve) =>
        setTimeout(() => resolve(relay(port, redisUrl)), 1_000),
      );
      const a = await createTestApp('pglite', { REDIS_URL: `redis://127.0.0.1:${port}` });
      const redis = new Redis(process.env.REDIS_URL!);
      try {
        const { uid } = a.app.realtime.io.of('/').adapter as unknown as { uid: string };
        // The adapter's own response channel, one subscriber: this process.
        expect(await redis.pubsub('NUMSUB', `socket.io-response#/#${uid}#`)).toEqual([
          `socket.io-response#/#${uid}#`,
          1,
        ]);
      } finally {
        redis.disconnect();
        await a.close();
        const server = await gate;
        await new Promise((r) => server.close(r));
      }
    },
  );

  it('subscribes once Redis answers, when it did not at start', { timeout: 60_000 }, async () => {
    const redisUrl = new URL(process.env.REDIS_URL!);
    const port = await freePort();
    const a = await createTestApp('pglite', { REDIS_URL: process.env.REDIS_URL! });
    // b starts while nothing listens at its Redis address; the relay to Redis opens later.
    const b = await createTestApp('pglite', { REDIS_URL: `redis://127.0.0.1:${port}` });
    let gate: TcpServer | undefined;
    try {
      await new Promise((r) => setTimeout(r, 1_500));
      gate = await relay(port, redisUrl);
      const originB = await b.app.listen({ port: 0, host: '127.0.0.1' });
      const { accessToken: token, user } = await signUp(b.app);
      const userId = user._id;
      const socket = await open(originB, token);
      expect(await socket.emitWithAck(REALTIME_EVENTS.USER_WATCH, userId)).toBe(true);
      const seen: unknown[] = [];
      socket.on('ping test', (payload: unknown) => seen.push(payload));
      for (let i = 0; i < 100 && seen.length === 0; i += 1) {
        a.app.realtime.emitToUser(userId, 'ping test', { late: 1 });
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(seen[0]).toEqual({ late: 1 });
      socket.close();
    } finally {
      await a.close();
      await b.close();
      await new Promise((r) => (gate ? gate.close(r) : r(undefined)));
    }
  });
});
