export {
  APPLICANT_EVENT_NAMES,
  type ApplicantEvent,
  type ApplicantEventHandler,
  type ApplicantEventName,
  type ApplicantEventPayload,
} from './realtime-hub';
export { useApplicantEvents } from './use-applicant-events';
