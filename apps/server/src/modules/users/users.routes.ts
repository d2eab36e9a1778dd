import {
  accountDeletionSchema,
  accountListQuerySchema,
  accountListResponseSchema,
  createUserBodySchema,
  emptyReplySchema,
  sessionUserSchema,
  userPasswordBodySchema,
  userRefBodySchema,
  userUpdateBodySchema,
  verifyApplicantBodySchema,
  verifyCodeResponseSchema,
} from '@candid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/app-error';
import { authorize, staffOf } from '../../policies';
import { recordActivity } from '../activities/activities.service';
import { authRateLimit } from '../auth/auth.rate-limits';
import { createAuthService } from '../auth/auth.service';
import { hashPassword } from '../auth/passwords';
import {
  countInterviewsOfUser,
  createUser,
  deleteUser,
  findSuccessor,
  findUserById,
  getManagedUser,
  shareOrganisationPlan,
  updateUser,
  type UserPatch,
} from './users.service';
import { notificationPatch } from './users.notifications';
import { listAccounts } from './users.accounts';
import { toUserDto } from './users.presenter';
import { ownerJobCounts } from './owner-job-counts';

const TAGS = ['users'];
const BEARER = [{ bearerAuth: [] }];
const idParamsSchema = z.object({ id: z.string() });

/** Limits on calls made on a user's behalf count against that user (the target). */
const targetOf = (request: FastifyRequest): string | null => {
  const body = request.body as { user?: { _id?: unknown }; userId?: unknown } | null;
  const params = request.params as { id?: unknown } | null;
  const id = body?.user?._id ?? body?.userId ?? params?.id;
  return typeof id === 'string' ? `user:${id}` : null;
};

/** How the activity log names a user an admin acted on: name and email. */
function describeUser(row: { fName: string; lName: string; email: string }): string {
  return `${`${row.fName} ${row.lName}`.trim()} <${row.email}>`;
}

/** JSON of a grant map with sorted keys, to compare two maps regardless of key order. */
function grantsKey(grants: Record<string, boolean>): string {
  return JSON.stringify(
    Object.keys(grants)
      .sort()
      .map((key) => [key, grants[key]]),
  );
}

/**
 * Users: the logged-in user, profiles, the admin account list, and the
 * verification and password calls made on a user's behalf. Another organisation's user is
 * "not found" to anyone but an admin.
 */
export async function usersRoutes(app: FastifyInstance, opts: { config: AppConfig }) {
  const { config } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The account an admin asks to delete (or what deleting it would do), checked by the policy. */
  async function accountToDelete(request: FastifyRequest, id: string) {
    const actor = staffOf(request);
    const row = await findUserById(app.db, id);
    if (!row) throw new AppError('NOT_FOUND_ERR');
    authorize(actor, 'user.delete', row);
    return { actor, row };
  }
  const auth = createAuthService({
    db: app.db,
    mailer: app.mailer,
    now: () => app.now(),
    log: app.log,
    signAccessToken: (user) => app.signAccessToken(user),
    config,
  });

  api.get(
    '/user/logged',
    {
      schema: {
        tags: TAGS,
        summary: 'The logged-in user',
        response: { 200: sessionUserSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const row = await findUserById(app.db, staffOf(request).user.id);
      if (!row) throw new AppError('INVALID_TOKEN_ERR');
      return toUserDto(row);
    },
  );

  api.get(
    '/user/query',
    {
      schema: {
        tags: TAGS,
        summary: 'Admin: the account list (search, sort, pages)',
        querystring: accountListQuerySchema,
        response: { 200: accountListResponseSchema },
        security: BEARER,
      },
      onRequest: app.requireAdmin,
    },
    async (request) => listAccounts(app.db, request.query),
  );

  api.get(
    '/user/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A user: oneself, a colleague of the same organisation, or anyone for an admin',
        params: idParamsSchema,
        response: { 200: sessionUserSchema },
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const row = await findUserById(app.db, request.params.id);
      if (!row) throw new AppError('NOT_FOUND_ERR');
      authorize(request.actor, 'user.read', row);
      return toUserDto(row);
    },
  );

  // The spec writes these two as `user/`; both spellings are served, the bare one documented.
  for (const url of ['/user', '/user/']) {
    api.post(
      url,
      {
        schema: {
          hide: url.endsWith('/'),
          tags: TAGS,
          summary: 'Admin: add an account (its own organisation unless companyId is given)',
          body: createUserBodySchema,
          response: { 201: sessionUserSchema },
          security: BEARER,
        },
        onRequest: app.requireAdmin,
      },
      async (request, reply) => {
        const body = request.body;
        const row = await createUser(app.db, {
          fName: body.fName,
          lName: body.lName ?? '',
          email: body.email,
          passwordHash: body.password ? await hashPassword(body.password) : null,
          role: body.role,
          perm: body.perm,
          advancedPrm: {},
          emailVerified: false,
          language: body.language ?? 'en',
          companyName: body.companyName ?? '',
          orgId: body.companyId,
        });
        await recordActivity(app.db, {
          type: 'create',
          target: 'user',
          userId: staffOf(request).user.id,
          orgId: row.orgId,
          desc: describeUser(row),
          meta: { createdUserId: row.id },
          date: app.now(),
        });
        await auth.sendVerification(row, 'link').catch((error: unknown) => {
          request.log.error(
            { err: error, userId: row.id },
            'could not send the verification email',
          );
        });
        return reply.status(201).send(toUserDto(row));
      },
    );

    api.put(
      url,
      {
        schema: {
          hide: url.endsWith('/'),
          tags: TAGS,
          summary:
            'Update a profile (oneself; an admin anyone). A new email must be verified again',
          body: userUpdateBodySchema,
          response: { 200: sessionUserSchema },
          security: BEARER,
        },
        // A reviewer may call it (see docs/features.md, "Team and roles").
        config: { openToReviewers: true },
        onRequest: app.requireUser,
      },
      async (request) => {
        const actor = staffOf(request);
        const {
          _id: targetId,
          role,
          perm,
          advancedPrm,
          email,
          notifications,
          ...profile
        } = request.body.user;
        const row = await getManagedUser(app.db, actor, targetId ?? actor.user.id);
        const patch: UserPatch = {
          ...profile,
          ...(notifications ? notificationPatch(notifications, row, app.now()) : {}),
        };

        // Plan and role belong to admins; a client echoing the current values back is fine.
        const changesAccess =
          (role !== undefined && role !== row.role) ||
          (perm !== undefined && perm !== row.perm) ||
          (advancedPrm !== undefined && grantsKey(advancedPrm) !== grantsKey(row.advancedPrm));
        if (changesAccess) {
          authorize(actor, 'user.changeAccess', row);
          Object.assign(patch, { role, perm, advancedPrm });
        }
        const isNewEmail = email !== undefined && email !== row.email;
        if (isNewEmail) Object.assign(patch, { email, emailVerified: false });

        const changesPlan =
          changesAccess &&
          ((perm !== undefined && perm !== row.perm) ||
            (advancedPrm !== undefined && grantsKey(advancedPrm) !== grantsKey(row.advancedPrm)));
        // One plan per organisation: its other users change with this one.
        const { updated, sharedWith } = await app.db.transaction(async (tx) => {
          const saved = await updateUser(tx, row.id, patch, app.now());
          const shared = changesPlan ? await shareOrganisationPlan(tx, saved, app.now()) : 0;
          return { updated: saved, sharedWith: shared };
        });
        if (isNewEmail) {
          await auth.sendVerification(updated, 'link').catch((error: unknown) => {
            request.log.error(
              { err: error, userId: row.id },
              'could not send the verification email',
            );
          });
        }
        await recordActivity(app.db, {
          type: 'update',
          target: 'user',
          userId: actor.user.id,
          orgId: row.orgId,
          desc: describeUser(updated),
          meta: {
            userId: row.id,
            fields: Object.keys(patch),
            ...(changesPlan ? { organisationUsers: sharedWith } : {}),
          },
          date: app.now(),
        });
        return toUserDto(updated);
      },
    );
  }

  api.get(
    '/user/:id/deletion',
    {
      schema: {
        tags: TAGS,
        summary:
          'Admin: what deleting the account would do to its jobs, applicants and templates (handed to a colleague, or deleted with the organisation when it is the last member)',
        params: idParamsSchema,
        response: { 200: accountDeletionSchema },
        security: BEARER,
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { actor, row } = await accountToDelete(request, request.params.id);
      const [successor, jobCount, applicantCount] = await Promise.all([
        findSuccessor(app.db, row, actor.user.id),
        ownerJobCounts().ofOwner(app.db, row.id),
        countInterviewsOfUser(app.db, row.id),
      ]);
      return {
        outcome: successor ? ('transfer' as const) : ('delete' as const),
        jobCount,
        applicantCount,
        successor: successor
          ? {
              _id: successor.id,
              fName: successor.fName,
              lName: successor.lName,
              companyId: successor.orgId,
              email: successor.email,
            }
          : null,
      };
    },
  );

  api.delete(
    '/user/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Admin: delete an account (the organisation too when it was its last user)',
        params: idParamsSchema,
        response: { 200: emptyReplySchema },
        security: BEARER,
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { actor, row } = await accountToDelete(request, request.params.id);
      // Jobs and templates go to the successor, and a deleted organisation's applicants' files
      // are queued for removal, by the deletion's events (review/review.subscribers.ts, …).
      await deleteUser(app.db, row.id, { now: app.now(), preferredSuccessorId: actor.user.id });
      // The queued files are removed now (what storage refuses, by the next daily sweep).
      void app.retentionSweep.kick();
      await recordActivity(app.db, {
        type: 'remove',
        target: 'user',
        userId: actor.user.id,
        orgId: null,
        desc: describeUser(row),
        meta: { userId: row.id, email: row.email },
        date: app.now(),
      });
      return {};
    },
  );

  api.post(
    '/user/verify-email',
    {
      schema: {
        tags: TAGS,
        summary:
          'Send the verification email (link and code) to a user: oneself, or any for an admin',
        body: userRefBodySchema,
        response: { 200: emptyReplySchema },
        security: BEARER,
      },
      // A reviewer may call it (see docs/features.md, "Team and roles").
      config: { openToReviewers: true },
      onRequest: app.requireUser,
      preHandler: authRateLimit(app, config, 'sendVerifyEmail', targetOf),
    },
    async (request) => {
      const row = await getManagedUser(app.db, staffOf(request), request.body.user._id);
      await auth.sendVerification(row, 'link');
      return {};
    },
  );

  api.post(
    '/user/verify-email-code',
    {
      schema: {
        tags: TAGS,
        summary: 'Send a verification code (no link) to a user: oneself, or any for an admin',
        body: userRefBodySchema,
        response: { 200: emptyReplySchema },
        security: BEARER,
      },
      // A reviewer may call it (see docs/features.md, "Team and roles").
      config: { openToReviewers: true },
      onRequest: app.requireUser,
      preHandler: authRateLimit(app, config, 'sendVerifyEmail', targetOf),
    },
    async (request) => {
      const row = await getManagedUser(app.db, staffOf(request), request.body.user._id);
      await auth.sendVerification(row, 'code');
      return {};
    },
  );

  api.post(
    '/user/verify-applicant',
    {
      schema: {
        tags: TAGS,
        summary: "Check a user's email-verification code; a right one verifies the email",
        body: verifyApplicantBodySchema,
        response: { 200: verifyCodeResponseSchema.pick({ isVerified: true }) },
        security: BEARER,
      },
      // A reviewer may call it (see docs/features.md, "Team and roles").
      config: { openToReviewers: true },
      onRequest: app.requireUser,
      preHandler: authRateLimit(app, config, 'verifyCode', targetOf),
    },
    async (request) => {
      const row = await getManagedUser(app.db, staffOf(request), request.body.userId);
      return { isVerified: await auth.checkVerificationCode(row, request.body.code) };
    },
  );

  api.put(
    '/user/password/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          "Set a user's password (oneself or, for an admin, anyone); ends the user's other sessions",
        params: idParamsSchema,
        body: userPasswordBodySchema,
        response: { 200: emptyReplySchema },
        security: BEARER,
      },
      // A reviewer may call it (see docs/features.md, "Team and roles").
      config: { openToReviewers: true },
      onRequest: app.requireUser,
      preHandler: authRateLimit(app, config, 'userPassword', targetOf),
    },
    async (request) => {
      const { id } = request.params;
      if (request.body.userId !== undefined && request.body.userId !== id) {
        throw new AppError('VALIDATION_ERR');
      }
      const row = await getManagedUser(app.db, staffOf(request), id);
      await auth.setPassword(request.user!, row, request.body.newPassword);
      return {};
    },
  );
}
