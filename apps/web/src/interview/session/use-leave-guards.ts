import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * The browser's leave warning ("Are you sure you want to quit?") while `isActive`,
 * i.e. once the applicant exists. Browsers show their own text; the message is for old ones.
 */
export function useQuitWarning(isActive: boolean): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!isActive) return undefined;
    const message = t('interview.leave.quit');
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show returnValue; the modern ones their own text.
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isActive, t]);
}

/**
 * For the interview and end screens: going back to the onboarding of the same job
 * asks "Are you sure?"; `onConfirm` runs before the navigation goes on (e.g. to record a quit).
 */
export function useConfirmBackToOnboarding(jobId: string, onConfirm?: () => void): void {
  const { t } = useTranslation();
  const onboardingPath = `/interview/${jobId}`;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname.replace(/\/+$/, '') === onboardingPath,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('interview.leave.confirmBack'))) {
      onConfirm?.();
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker, onConfirm, t]);
}
