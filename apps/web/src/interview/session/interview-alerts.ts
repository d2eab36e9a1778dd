import { alertI18nKey, entityI18nKey } from '@candid/domain';
import { showAlert } from '../../common/stores/alert-store';

const INTERVIEW_ENTITY = { entity: { i18nKey: entityI18nKey('interview') } };

/** sessionStorage key marking that an applicant's start was announced (a reload does not repeat it). */
const startAnnouncedKey = (applicantId: string) =>
  `candid:interview-start-announced:${applicantId}`;

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * "The interview has started", once per applicant in this tab: on the first question screen of
 * a real interview, not after a reload or a return from the device settings.
 */
export function announceInterviewStart(applicantId: string): void {
  const storage = sessionStorageOrNull();
  const key = startAnnouncedKey(applicantId);
  if (storage?.getItem(key)) return;
  storage?.setItem(key, '1');
  showAlert({ type: 'success', key: alertI18nKey('start'), params: INTERVIEW_ENTITY });
}

/** "The interview was submitted", when the server took the submit. */
export function announceInterviewSubmitted(): void {
  showAlert({ type: 'success', key: alertI18nKey('submit'), params: INTERVIEW_ENTITY });
}

/** "You left the interview", when the candidate confirmed leaving it for the start screen. */
export function announceInterviewQuit(): void {
  showAlert({ type: 'success', key: alertI18nKey('quit'), params: INTERVIEW_ENTITY });
}
