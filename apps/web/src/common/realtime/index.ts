export type { ApplicantEventHandler } from './realtime-hub';
export { useApplicantEvents } from './use-applicant-events';
