import type { Language, OrgRole } from '@candid/domain';
import type { Db, DbTx } from '../db/types';

/**
 * Domain events: a module that changes something says what happened, and the side effects that
 * belong to higher layers (webhooks, notification e-mails, what an account deletion hands over or
 * erases) subscribe to it instead of being imported by the writer (docs/architecture.md
 * "Domain events").
 *
 * An event is published inside the writer's transaction, and every subscriber writes its rows
 * in that transaction: a webhook delivery or a queued e-mail commits with the change or not at
 * all. What they queue goes out after the commit (the webhook sender and the mail queue are
 * kicked once the request has answered), so nothing is delivered for a change that was rolled
 * back and nothing is lost when the process dies between the commit and the delivery.
 */

/** The applicant as an event names it (the row, as the review module stores it). */
export interface ApplicantSubject {
  id: string;
  orgId: string;
  jobId: string;
  fName: string;
  lName: string;
  email: string;
  phone: string;
  status: number;
  createdAt: Date;
  submittedAt: Date | null;
}

export interface DomainEvents {
  /** An interview was started, or an invitation made its applicant (`invited`). */
  'applicant.created': { applicant: ApplicantSubject; now: Date; invited?: boolean };
  /** The candidate submitted their interview. */
  'applicant.submitted': {
    applicant: ApplicantSubject;
    job: { id: string; ownerId: string; title: string; companyName: string };
    /** The candidate's language (their confirmation e-mail is written in it). */
    lang: Language;
    /** The candidate's status page (its token's hash is stored with the submit). */
    statusLink: string;
    publicUrl: string;
    now: Date;
  };
  /** A recruiter moved the applicant to another status. */
  'applicant.status_changed': { applicant: ApplicantSubject; previousStatus: number; now: Date };
  /**
   * A user is being deleted and colleagues remain: what the user owns (jobs, templates) moves to
   * `toUserId` in the deletion's transaction.
   */
  'user.handing_over': { fromUserId: string; toUserId: string };
  /** The owner gave a member another role (the team screen), in the change's transaction. */
  'user.role_changed': { userId: string; orgId: string; orgRole: OrgRole; now: Date };
  /**
   * An organisation is being deleted with its last user (its rows cascade after this): what must
   * happen first, in the deletion's transaction (its applicants' stored files queued for removal).
   */
  'organization.deleting': { orgId: string; now: Date };
}

export type DomainEventType = keyof DomainEvents;

type Subscriber<T extends DomainEventType> = (
  tx: Db | DbTx,
  event: DomainEvents[T],
) => Promise<unknown>;

const subscribers = new Map<DomainEventType, Map<string, Subscriber<never>>>();

/**
 * Subscribes `subscriber` to `type` under `name`. Subscribing a name again replaces it, so
 * building the app more than once in a process (tests) never runs a side effect twice.
 * Subscribers run in the order they were first subscribed.
 */
export function subscribe<T extends DomainEventType>(
  type: T,
  name: string,
  subscriber: Subscriber<T>,
): void {
  let named = subscribers.get(type);
  if (!named) {
    named = new Map();
    subscribers.set(type, named);
  }
  named.set(name, subscriber as Subscriber<never>);
}

/** Publishes `event` in the writer's transaction `tx`: each subscriber writes in it, in turn. */
export async function publish<T extends DomainEventType>(
  tx: Db | DbTx,
  type: T,
  event: DomainEvents[T],
): Promise<void> {
  for (const subscriber of subscribers.get(type)?.values() ?? []) {
    await (subscriber as Subscriber<T>)(tx, event);
  }
}
