import { answerRuleFor, type AnswerType } from '@candid/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { users } from '../src/db/schema';
import { bearer, createAccount, type SignedUp } from './factories';

/** Test helpers shared by the job and template tests. */

/** A question payload as the editor sends it. */
export function questionPayload(
  type: AnswerType = 'video',
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    txt: `A ${type} question`,
    desc: '<p>Tell us more</p>',
    vidUrl: null,
    ansRule: answerRuleFor(type),
    timeLimit: 5,
    ...(type === 'multipleChoice'
      ? {
          opts: [
            { txt: 'Right', isCorrect: true },
            { txt: 'Wrong', isCorrect: false },
          ],
        }
      : {}),
    ...overrides,
  };
}

/** A job payload as the editor sends it. */
export function jobPayload(
  overrides: {
    info?: Record<string, unknown>;
    company?: Record<string, unknown>;
    rule?: Record<string, unknown>;
    quests?: unknown[];
    [key: string]: unknown;
  } = {},
): Record<string, unknown> {
  const { info, company, rule, quests, ...rest } = overrides;
  return {
    info: {
      title: 'Backend engineer',
      location: 'Tel Aviv',
      desc: '<p>Build</p>',
      coverUrl: '',
      ...info,
    },
    company: { name: 'Acme', logoUrl: '', ...company },
    rule: { isCvRequired: false, isOneTry: true, ...rule },
    quests: quests ?? [questionPayload('video')],
    ...rest,
  };
}

/** A verified, logged-in account with the given plan and feature grants. */
export async function accountWith(
  app: FastifyInstance,
  options: {
    perm?: number;
    advancedPrm?: Record<string, boolean>;
    orgId?: string;
    role?: 'admin' | 'user';
    fName?: string;
  } = {},
): Promise<SignedUp> {
  const account = await createAccount(app, {
    perm: options.perm,
    orgId: options.orgId,
    role: options.role,
    fName: options.fName,
  });
  if (options.advancedPrm) {
    await app.db
      .update(users)
      .set({ advancedPrm: options.advancedPrm })
      .where(eq(users.id, account.user._id));
  }
  return account;
}

/** Calls the API as `account` (or anonymously when null). */
export function callAs(app: FastifyInstance, account: SignedUp | null) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: account ? bearer(account.accessToken) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** The messages of a 400's field issues. */
export function issueMessages(response: LightMyRequestResponse): string[] {
  const body = response.json() as { issues?: { message: string }[] };
  return (body.issues ?? []).map((issue) => issue.message);
}
