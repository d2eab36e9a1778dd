import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import { AppError } from '../../lib/app-error';
import type { CandidateScope } from '../../policies';

export type { CandidateScope };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by {@link requireCandidate} from a valid candidate token. */
    candidate: CandidateScope | null;
  }
}

/** Reads a candidate token's claims; null when they are not a candidate scope. */
export function toCandidateScope(payload: JWTPayload): CandidateScope | null {
  const { sub, job, org } = payload;
  if (typeof sub !== 'string' || typeof job !== 'string' || typeof org !== 'string') return null;
  return { applicantId: sub, jobId: job, orgId: org };
}

/** Signs the candidate token issued with a new applicant. */
export function signCandidateToken(
  app: FastifyInstance,
  scope: CandidateScope,
  ttlSec: number,
): Promise<string> {
  return app.tokens.sign(
    'candidate',
    { sub: scope.applicantId, job: scope.jobId, org: scope.orgId },
    ttlSec,
  );
}

/**
 * onRequest hook of every candidate call (before its input is validated, so a caller of the
 * wrong kind learns nothing of what a valid body looks like): the caller must be the candidate actor the auth plugin
 * made from a candidate token (a recruiter's access token never is one: it is signed for
 * another audience and typ). 401 otherwise.
 */
export async function requireCandidate(request: FastifyRequest): Promise<void> {
  const actor = request.actor;
  if (actor.kind === 'candidate') {
    request.candidate = actor.scope;
    return;
  }
  const header = request.headers.authorization;
  const sent = typeof header === 'string' && /^Bearer\s+\S+\s*$/i.test(header);
  throw new AppError(sent ? 'INVALID_TOKEN_ERR' : 'LOGIN_REQUIRED_ERR');
}

/** The scope of the request's candidate token (after {@link requireCandidate}). */
export function candidateOf(request: FastifyRequest): CandidateScope {
  if (!request.candidate) throw new AppError('LOGIN_REQUIRED_ERR');
  return request.candidate;
}

/** Registers the `request.candidate` decoration once per app. */
export function decorateCandidate(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('candidate')) app.decorateRequest('candidate', null);
}
