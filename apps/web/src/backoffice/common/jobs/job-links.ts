import { getInterviewUrl, type Language } from '@candid/domain';

/** The invitation link candidates open (`/interview/{jobId}`), on this site's address. */
export function getJobInviteUrl(jobId: string, origin = window.location.origin): string {
  return getInterviewUrl(origin, jobId);
}

/**
 * The invitation opened as a demo (`?demo=1`): the recruiter goes through what a candidate sees,
 * and nothing is recorded or saved.
 */
export function getJobDemoUrl(jobId: string, origin = window.location.origin): string {
  return `${getJobInviteUrl(jobId, origin)}?demo=1`;
}

/** The embeddable job preview (`/embed/{jobId}?lng=…`) as an iframe snippet for a careers page. */
export function getEmbedSnippet(
  jobId: string,
  language: Language,
  origin = window.location.origin,
): string {
  const src = `${origin.replace(/\/+$/u, '')}/embed/${encodeURIComponent(jobId)}?lng=${language}`;
  return `<iframe src="${src}" width="100%" height="640" style="border:0;max-width:720px" title="Job" allow="camera; microphone; display-capture" loading="lazy"></iframe>`;
}

export function getWhatsAppShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

export function getFacebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}
