import { createHash, createHmac } from 'node:crypto';

/**
 * The private token of an applicant's status page: 24 bytes of an HMAC of its id under the
 * server's secret (base64url), like an invitation token (another label, so neither link opens
 * the other's page). Only its hash is stored; the thank-you page and the e-mail carry it.
 */
export function statusToken(secret: string, applicantId: string): string {
  return createHmac('sha256', secret)
    .update(`status:${applicantId}`)
    .digest()
    .subarray(0, 24)
    .toString('base64url');
}

export function hashStatusToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The status page's address (the web app's `/application/{token}`). */
export function statusPageLink(publicUrl: string, token: string): string {
  return `${publicUrl}/application/${token}`;
}
