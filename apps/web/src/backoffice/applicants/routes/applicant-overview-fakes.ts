import type { ApplicantEventHandler } from '../../../common/realtime';

/**
 * The live-update hook the applicant overview test files (applicant-overview-*.test.tsx) mock:
 * the screen's handler is kept here for a test to call as the socket would. Each file's vi.mock
 * imports this module inside its factory: a factory runs before the file's imports are bound.
 */
export const realtime = { handler: null as ApplicantEventHandler | null };

export function useFakeApplicantEvents(handler: ApplicantEventHandler) {
  realtime.handler = handler;
}
