import { REALTIME_EVENTS } from '@candid/domain';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createRealtimeHub,
  REALTIME_IDLE_CLOSE_MS,
  REALTIME_RETRY_MIN_MS,
  type ApplicantEvent,
} from './realtime-hub';

/** A socket.io client socket double: records emits, lets the test fire server events. */
function createFakeSocket() {
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const socket = {
    active: false,
    connected: false,
    emit: vi.fn(),
    connect: vi.fn(() => {
      socket.active = true;
    }),
    disconnect: vi.fn(() => {
      socket.active = false;
    }),
    removeAllListeners: vi.fn(() => listeners.clear()),
    on: vi.fn((event: string, listener: (...args: unknown[]) => void) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    }),
    fire(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
  };
  return socket;
}

function setup(token: string | null = 'access-1') {
  const sockets: ReturnType<typeof createFakeSocket>[] = [];
  const options: unknown[] = [];
  let currentToken = token;
  vi.useFakeTimers();
  const hub = createRealtimeHub({
    createSocket: (opts) => {
      options.push(opts);
      const socket = createFakeSocket();
      sockets.push(socket);
      return socket as unknown as Socket;
    },
    getAccessToken: () => currentToken,
  });
  return { hub, sockets, options, setToken: (next: string | null) => (currentToken = next) };
}

const payload = {
  userId: 'u1',
  data: {
    type: 'submitted',
    jobId: 'j1',
    applicant: {
      id: 'a1',
      info: { fName: 'Noa', lName: 'Cohen', email: 'n@example.com' },
      jobInfo: { title: 'Designer', jobId: 'j1' },
      answerMap: {},
    },
  },
};

describe('createRealtimeHub', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects over websocket with the current token and watches the user on every connect', () => {
    const { hub, sockets, options } = setup();
    hub.subscribe('u1', () => {});
    expect(sockets).toHaveLength(1);
    const opts = options[0] as { path: string; transports: string[]; auth: unknown };
    expect(opts.path).toBe('/socket.io');
    expect(opts.transports).toEqual(['websocket']);
    const auth = vi.fn();
    (opts.auth as (cb: (data: object) => void) => void)(auth);
    expect(auth).toHaveBeenCalledWith({ token: 'access-1' });
    const socket = sockets[0]!;
    socket.fire('connect');
    socket.fire('connect');
    expect(socket.emit.mock.calls).toEqual([
      [REALTIME_EVENTS.USER_WATCH, 'u1'],
      [REALTIME_EVENTS.USER_WATCH, 'u1'],
    ]);
  });

  it('hands well-formed applicant events to every listener and drops malformed ones', () => {
    const { hub, sockets } = setup();
    const first: ApplicantEvent[] = [];
    const second: ApplicantEvent[] = [];
    hub.subscribe('u1', (event) => first.push(event));
    hub.subscribe('u1', (event) => second.push(event));
    expect(sockets).toHaveLength(1);
    const socket = sockets[0]!;
    socket.fire(REALTIME_EVENTS.SAVE_APPLICANT, payload);
    socket.fire(REALTIME_EVENTS.ALERT_INTERVIEW_DONE, payload);
    // Another reviewer's rating is an applicant event like the others.
    socket.fire(REALTIME_EVENTS.SAVE_APPLICANT, {
      ...payload,
      data: { ...payload.data, type: 'rated' },
    });
    socket.fire(REALTIME_EVENTS.SAVE_APPLICANT, { userId: 'u1', data: { type: 'nope' } });
    socket.fire(REALTIME_EVENTS.SAVE_APPLICANT, 'garbage');
    expect(first.map((event) => event.name)).toEqual([
      REALTIME_EVENTS.SAVE_APPLICANT,
      REALTIME_EVENTS.ALERT_INTERVIEW_DONE,
      REALTIME_EVENTS.SAVE_APPLICANT,
    ]);
    expect(first[2]!.payload.data.type).toBe('rated');
    expect(second).toHaveLength(3);
    expect(first[1]!.payload.data.applicant.info.fName).toBe('Noa');
  });

  it('keeps the socket for a while after the last listener leaves, then closes it', () => {
    const { hub, sockets } = setup();
    const stop = hub.subscribe('u1', () => {});
    stop();
    // A screen change re-subscribes within the grace period: same socket.
    const stopAgain = hub.subscribe('u1', () => {});
    vi.advanceTimersByTime(REALTIME_IDLE_CLOSE_MS * 2);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.disconnect).not.toHaveBeenCalled();
    stopAgain();
    vi.advanceTimersByTime(REALTIME_IDLE_CLOSE_MS);
    expect(sockets[0]!.disconnect).toHaveBeenCalled();
    expect(hub.getSocket()).toBeNull();
  });

  it('opens a new socket for another user', () => {
    const { hub, sockets } = setup();
    hub.subscribe('u1', () => {});
    hub.subscribe('u2', () => {});
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.disconnect).toHaveBeenCalled();
  });

  it('retries with backoff after the server refused the handshake', () => {
    const { hub, sockets, setToken } = setup();
    hub.subscribe('u1', () => {});
    const socket = sockets[0]!;
    expect(socket.connect).toHaveBeenCalledTimes(1);
    // socket.io gives up (inactive) after a middleware error such as an expired token.
    socket.active = false;
    socket.fire('connect_error', new Error('INVALID_TOKEN_ERR'));
    vi.advanceTimersByTime(REALTIME_RETRY_MIN_MS);
    expect(socket.connect).toHaveBeenCalledTimes(2);
    socket.active = false;
    socket.fire('connect_error', new Error('INVALID_TOKEN_ERR'));
    vi.advanceTimersByTime(REALTIME_RETRY_MIN_MS);
    expect(socket.connect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(REALTIME_RETRY_MIN_MS);
    expect(socket.connect).toHaveBeenCalledTimes(3);
    // Logged out meanwhile: no retry without a token.
    setToken(null);
    socket.active = false;
    socket.fire('connect_error', new Error('INVALID_TOKEN_ERR'));
    vi.advanceTimersByTime(REALTIME_RETRY_MIN_MS * 8);
    expect(socket.connect).toHaveBeenCalledTimes(3);
  });

  it('leaves reconnecting to socket.io while it is still trying (network drops)', () => {
    const { hub, sockets } = setup();
    hub.subscribe('u1', () => {});
    const socket = sockets[0]!;
    socket.active = true;
    socket.fire('connect_error', new Error('xhr poll error'));
    vi.advanceTimersByTime(REALTIME_RETRY_MIN_MS * 4);
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });
});
