import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import { AppError } from '../../lib/app-error';

/** What a candidate token opens: one applicant of one job (spec §6, DESIGN §4). */
export interface CandidateScope {
  applicantId: string;
  jobId: string;
  orgId: string;
}

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
 * preHandler of every candidate call: the bearer token must be a candidate token (a recruiter's
 * access token never passes: it is signed for another audience and typ). 401 otherwise.
 */
export async function requireCandidate(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw new AppError('LOGIN_REQUIRED_ERR');
  const scope = toCandidateScope(await request.server.tokens.verify(match[1]!, 'candidate'));
  if (!scope) throw new AppError('INVALID_TOKEN_ERR');
  request.candidate = scope;
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
