/**
 * The one naming rule for `operationId`s (docs/api.md): the method's verb, the path's fixed
 * segments after `/api` in PascalCase, then `By` and the path parameters joined by `And`.
 *
 *   GET    /api/job                           → getJob
 *   GET    /api/job/{id}                      → getJobById
 *   POST   /api/applicant                     → createApplicant
 *   PUT    /api/job/{jobId}/{applicantId}/rating → updateJobRatingByJobIdAndApplicantId
 *   DELETE /api/integrations/api-key/{id}     → deleteIntegrationsApiKeyById
 *
 * Derived from the method and path alone, so a name changes only when its URL does: clients
 * generated from the document keep their function names across releases.
 */
const VERBS: Record<string, string> = {
  get: 'get',
  post: 'create',
  put: 'update',
  patch: 'patch',
  delete: 'delete',
  head: 'head',
  options: 'options',
};

/** `api-key`, `start_multipart`, `jobCount` → `ApiKey`, `StartMultipart`, `JobCount`. */
function pascal(word: string): string {
  return word
    .split(/[-_.\s]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** The operationId of `method` on the OpenAPI `path` (`/api/job/{id}`). */
export function operationIdOf(method: string, path: string): string {
  const verb = VERBS[method.toLowerCase()];
  if (!verb) throw new Error(`no operationId verb for the method ${method}`);
  const segments = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  const fixed: string[] = [];
  const parameters: string[] = [];
  for (const segment of segments) {
    const parameter = /^\{(.+)\}$/.exec(segment);
    if (parameter) parameters.push(pascal(parameter[1]!));
    else fixed.push(pascal(segment));
  }
  const by = parameters.length > 0 ? `By${parameters.join('And')}` : '';
  return `${verb}${fixed.join('') || 'Root'}${by}`;
}
