import type { PublicJob } from '@candid/domain';
import { Button } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import mirrorClasses from '../../../common/ui/mirror-in-rtl.module.css';
import { useIsPhone } from '../../../common/ui/media-queries';
import { JobInvitation } from '../../invitation/job-invitation';
import { ContinueOnPhone, InAppBrowserNotice } from '../../invitation/open-elsewhere';
import { detectInAppBrowser, getMobileSystem } from '../../../common/browser/in-app-browser';

/**
 * The onboarding's first screen: the invitation, the in-app browser's way out when the link
 * opened inside an app, and the start button (`onPreload` fetches the next steps' code as the
 * candidate reaches for it).
 */
export function InvitationStep({
  job,
  onStart,
  onPreload,
}: {
  job: PublicJob;
  onStart: () => void;
  onPreload: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [inAppBrowser] = useState(() => detectInAppBrowser(navigator.userAgent));
  return (
    <JobInvitation
      job={job}
      notice={
        inAppBrowser ? (
          <InAppBrowserNotice
            app={inAppBrowser}
            url={window.location.href}
            system={getMobileSystem(navigator.userAgent)}
          />
        ) : null
      }
      action={
        <>
          <Button
            size="lg"
            fullWidth={isPhone}
            onClick={onStart}
            onPointerEnter={onPreload}
            onPointerDown={onPreload}
            onFocus={onPreload}
            rightSection={<IconArrowRight size={18} className={mirrorClasses.mirror} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('onboarding.invitation.start')}
          </Button>
          {isPhone || inAppBrowser ? null : <ContinueOnPhone url={window.location.href} />}
        </>
      }
    />
  );
}
