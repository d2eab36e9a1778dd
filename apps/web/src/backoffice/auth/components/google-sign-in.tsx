import { Box, Divider, Stack } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../../common/stores/language-store';

/** Google Identity Services, loaded only when Google sign-in is configured. */
export const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/** The part of Google Identity Services' `google.accounts.id` this page uses. */
export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: 'popup' | 'redirect';
      }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let loading: Promise<GoogleIdentity> | null = null;

/** Loads the Google Identity Services script once per page (or uses the one already there). */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.google?.accounts?.id
        ? resolve(window.google)
        : reject(new Error('Google Identity Services did not start'));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Google's button is at most 400 px wide; it takes the width of the form up to that. */
const MAX_BUTTON_WIDTH = 400;

/**
 * Google's own "Sign in with Google" button, in the interface language, above an "or" divider.
 * On a credential (a Google ID token) it calls `onCredential`; the server checks the token.
 * When the script cannot load (offline, blocked), nothing is shown: the email login still works.
 */
export function GoogleSignInButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (idToken: string) => void;
}) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const language = useLanguageStore((state) => state.language);
  const [hasFailed, setHasFailed] = useState(false);
  const handleCredential = useEffectEvent((idToken: string) => onCredential(idToken));

  useEffect(() => {
    let isCancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        const container = containerRef.current;
        if (isCancelled || !container) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => {
            if (response.credential) handleCredential(response.credential);
          },
        });
        container.replaceChildren();
        google.accounts.id.renderButton(container, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'rectangular',
          logo_alignment: 'center',
          width: Math.min(container.offsetWidth || MAX_BUTTON_WIDTH, MAX_BUTTON_WIDTH),
          locale: language,
        });
      })
      .catch(() => {
        if (!isCancelled) setHasFailed(true);
      });
    return () => {
      isCancelled = true;
    };
  }, [clientId, language]);

  if (hasFailed) return null;
  return (
    <Stack gap="lg">
      <Box
        ref={containerRef}
        mih={44}
        style={{ display: 'flex', justifyContent: 'center', colorScheme: 'light' }}
        data-testid="google-sign-in"
      />
      <Divider label={t('auth.login.or')} labelPosition="center" />
    </Stack>
  );
}
