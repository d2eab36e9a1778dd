import { APPLICANT_EVENT_TYPES, REALTIME_EVENTS, type ApplicantEventType } from '@candid/domain';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { exponentialDelay } from '../async/with-retry';

/** The server's socket.io path (served by the API process). */
export const REALTIME_PATH = '/socket.io';
/** Keep an unused connection this long, so moving between screens does not reconnect. */
export const REALTIME_IDLE_CLOSE_MS = 5000;
/** First and longest wait before reconnecting after the server refused the handshake. */
export const REALTIME_RETRY_MIN_MS = 2000;
export const REALTIME_RETRY_MAX_MS = 60_000;
const retryDelay = exponentialDelay(REALTIME_RETRY_MIN_MS, REALTIME_RETRY_MAX_MS);

/** The applicant events a back-office screen can listen to. */
export const APPLICANT_EVENT_NAMES = [
  REALTIME_EVENTS.SAVE_APPLICANT,
  REALTIME_EVENTS.ALERT_INTERVIEW_DONE,
] as const;
export type ApplicantEventName = (typeof APPLICANT_EVENT_NAMES)[number];

/**
 * The parts of an applicant event's payload (domain `ApplicantEventPayload`) the back office
 * reads. The server's applicant carries more (answers, CV); only these fields are required, so
 * a field added there does not make the web app drop events.
 */
export interface ApplicantEventPayload {
  userId: string;
  data: {
    type: ApplicantEventType;
    jobId: string;
    applicant: {
      id: string;
      info: { fName: string; lName: string };
      jobInfo: { title: string; jobId: string };
    };
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Whether a socket message has the shape of {@link ApplicantEventPayload}. */
export function isApplicantEventPayload(value: unknown): value is ApplicantEventPayload {
  if (!isRecord(value) || typeof value.userId !== 'string' || !isRecord(value.data)) return false;
  const { type, jobId, applicant } = value.data;
  if (typeof jobId !== 'string' || !(APPLICANT_EVENT_TYPES as readonly unknown[]).includes(type)) {
    return false;
  }
  if (!isRecord(applicant) || typeof applicant.id !== 'string') return false;
  const { info, jobInfo } = applicant;
  return (
    isRecord(info) &&
    typeof info.fName === 'string' &&
    typeof info.lName === 'string' &&
    isRecord(jobInfo) &&
    typeof jobInfo.title === 'string' &&
    typeof jobInfo.jobId === 'string'
  );
}

export interface ApplicantEvent {
  name: ApplicantEventName;
  payload: ApplicantEventPayload;
}
export type ApplicantEventHandler = (event: ApplicantEvent) => void;

export type SocketFactory = (options: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface RealtimeHubDeps {
  createSocket: SocketFactory;
  /** The recruiter's current access token, read at every (re)connect so refreshed tokens are used. */
  getAccessToken: () => string | null;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

interface Connection {
  userId: string;
  socket: Socket;
  handlers: Set<ApplicantEventHandler>;
  closeTimer: unknown;
  retryTimer: unknown;
  /** Handshakes refused in a row; the next try waits {@link retryDelay} of it. */
  refusals: number;
}

/**
 * One socket per tab, shared by every screen that listens (websocket transport, the
 * handshake carries the access token, then "user watch" with the user's id joins the user's
 * room). The socket opens with the first listener and closes a few seconds after the last
 * one leaves. socket.io reconnects by itself after network drops, and "user watch" is sent on
 * every connect; when the server refuses the handshake (an expired token) socket.io gives up,
 * so the hub retries with backoff, by when the API client has usually refreshed the token.
 */
export function createRealtimeHub(deps: RealtimeHubDeps) {
  const setTimer = deps.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer =
    deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let connection: Connection | null = null;

  const close = () => {
    if (!connection) return;
    clearTimer(connection.closeTimer);
    clearTimer(connection.retryTimer);
    connection.socket.removeAllListeners();
    connection.socket.disconnect();
    connection = null;
  };

  const open = (userId: string): Connection => {
    const socket = deps.createSocket({
      path: REALTIME_PATH,
      transports: ['websocket'],
      autoConnect: false,
      auth: (callback) => callback({ token: deps.getAccessToken() ?? '' }),
    });
    const current: Connection = {
      userId,
      socket,
      handlers: new Set(),
      closeTimer: null,
      retryTimer: null,
      refusals: 0,
    };
    socket.on('connect', () => {
      current.refusals = 0;
      socket.emit(REALTIME_EVENTS.USER_WATCH, userId);
    });
    socket.on('connect_error', () => {
      // While `active`, socket.io retries itself (network errors); a refused handshake is final.
      if (socket.active) return;
      clearTimer(current.retryTimer);
      current.retryTimer = setTimer(() => {
        if (connection === current && deps.getAccessToken()) socket.connect();
      }, retryDelay(++current.refusals));
    });
    for (const name of APPLICANT_EVENT_NAMES) {
      socket.on(name, (raw: unknown) => {
        if (!isApplicantEventPayload(raw)) return;
        for (const handler of [...current.handlers]) handler({ name, payload: raw });
      });
    }
    socket.connect();
    return current;
  };

  return {
    /**
     * Listens to the applicant events of `userId`'s jobs until the returned function is called.
     * Another user (after logout and login) replaces the connection.
     */
    subscribe(userId: string, handler: ApplicantEventHandler): () => void {
      if (connection && connection.userId !== userId) close();
      connection ??= open(userId);
      const current = connection;
      clearTimer(current.closeTimer);
      current.closeTimer = null;
      current.handlers.add(handler);
      return () => {
        current.handlers.delete(handler);
        if (connection !== current || current.handlers.size > 0) return;
        current.closeTimer = setTimer(() => {
          if (connection === current && current.handlers.size === 0) close();
        }, REALTIME_IDLE_CLOSE_MS);
      };
    },
    /** Closes the connection now (logout, tests). */
    close,
    /** The open socket, if any (tests). */
    getSocket: (): Socket | null => connection?.socket ?? null,
  };
}
export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
