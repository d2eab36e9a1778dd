import { createRemoteJWKSet, jwtVerify } from 'jose';
import { AppError } from '../../lib/app-error';

/** Issuers Google signs ID tokens as. */
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** What a verified Google ID token tells us about the person. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  picture: string;
}

export type GoogleTokenVerifier = (idToken: string) => Promise<GoogleIdentity>;

/**
 * Verifies Google ID tokens: the signature against Google's JWKS (the URL is configurable, so
 * tests serve their own keys), the issuer, our client id as audience, the expiry, and a
 * verified email. Any failure is INVALID_PROVIDER_TOKEN_ERR.
 */
export function createGoogleVerifier(options: {
  clientId: string;
  jwksUrl: string;
  now: () => Date;
}): GoogleTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify(idToken, jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: options.clientId,
        currentDate: options.now(),
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['sub', 'exp', 'iat', 'email'],
      });
      // Google sends a boolean; some older tokens carried the string "true".
      const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || !emailVerified) {
        throw new Error('unusable Google identity');
      }
      const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
      return {
        sub: payload.sub,
        email: payload.email,
        givenName: text(payload.given_name),
        familyName: text(payload.family_name),
        picture: text(payload.picture),
      };
    } catch {
      throw new AppError('INVALID_PROVIDER_TOKEN_ERR');
    }
  };
}
