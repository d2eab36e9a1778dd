/**
 * Which routes an organisation API key may call: the staff routes of the jobs,
 * templates, invitations, applicants and insights areas. The auth plugin refuses a key anywhere else and
 * the OpenAPI document marks these with `apiKeyAuth`: one list for both.
 */
const API_KEY_TAGS = new Set(['jobs', 'applicants', 'templates', 'invitations', 'insights']);

/** The candidate's own calls (a candidate token, never a key). */
const CANDIDATE_PATH = /^\/api\/(applicant|upload)(\/|$)/;

export function isApiKeyRoute(path: string, tags: readonly string[] | undefined): boolean {
  if (CANDIDATE_PATH.test(path)) return false;
  return (tags ?? []).some((tag) => API_KEY_TAGS.has(tag));
}
