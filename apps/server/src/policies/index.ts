import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { isStaff, type Actor, type StaffActor } from './actor';
import { toError } from './decision';
import { decide, type Action, type Resources } from './rules';

export * from './actor';
export { ACTIONS, decide, type Action, type Resources } from './rules';

type ResourceArgs<A extends Action> = Resources[A] extends void ? [] : [Resources[A]];

/** Whether `actor` may do `action` (to `resource`). */
export function can<A extends Action>(actor: Actor, action: A, ...resource: ResourceArgs<A>) {
  return decide(actor, action, ...resource).allowed;
}

/** Throws the policy's error (401, 403 or 404) unless `actor` may do `action`. */
export function authorize<A extends Action>(
  actor: Actor,
  action: A,
  ...resource: ResourceArgs<A>
): void {
  const decision = decide(actor, action, ...resource);
  if (!decision.allowed) throw toError(decision);
}

/** The request's staff actor, after the back-office check (401 for anyone else). */
export function staffOf(request: FastifyRequest): StaffActor {
  const actor = request.actor;
  authorize(actor, 'backoffice.use');
  if (!isStaff(actor)) throw new AppError('LOGIN_REQUIRED_ERR');
  return actor;
}
