import {
  viewAsQuerySchema,
  addMemberBodySchema,
  emptyReplySchema,
  teamMemberSchema,
  teamResponseSchema,
  updateMemberBodySchema,
  canManageMembers,
  ORG_ROLES,
  toOrgRole,
  type TeamMember,
} from '@candid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/app-error';
import { publish } from '../../lib/domain-events';
import { authorize, staffOf, viewAsMeta, type StaffActor } from '../../policies';
import { recordActivity } from '../activities/activities.service';
import { createAuthService } from '../auth/auth.service';
import { enqueueMails } from '../outbox/mail-queue';
import { memberInvitationEmail } from './team.emails';
import {
  createUser,
  deleteUser,
  findOrgOwner,
  findUserById,
  getManagedUser,
  getOrganizationName,
  listOrgUsers,
  updateUser,
  type UserRow,
} from './users.service';
import { ownerJobCounts } from './owner-job-counts';

const TAGS = ['team'];
const BEARER = [{ bearerAuth: [] }];
const idParamsSchema = z.object({ id: z.string() });

/** Names the mail queue's rows of member invitations. */
const MEMBER_INVITATION_PURPOSE = 'member_invitation';

function toTeamMember(row: UserRow, jobCount: number): TeamMember {
  return {
    _id: row.id,
    fName: row.fName,
    lName: row.lName,
    email: row.email,
    imgUrl: row.imgUrl,
    orgRole: toOrgRole(row.orgRole),
    lastLogin: row.lastLogin ? row.lastLogin.toISOString() : null,
    hasPassword: row.passwordHash !== null || row.googleSub !== null,
    jobCount,
  };
}

function describeUser(row: { fName: string; lName: string; email: string }): string {
  return `${`${row.fName} ${row.lName}`.trim()} <${row.email}>`;
}

/**
 * Organisations: the organisation's users (`GET team`, anyone of it), and its owner's
 * (or an admin's) member management: add (with an emailed set-password link), edit, send the
 * link again, remove (their jobs and templates go to the owner). Setting a member's password
 * is `PUT user/password/{id}`, which the policies open to the owner. Every call works on the
 * acting organisation: the caller's own, or while an admin views as an account, that account's
 * (`viewAsId`, recorded in each activity's meta like job saves).
 */
export async function teamRoutes(app: FastifyInstance, opts: { config: AppConfig }) {
  const { config } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService({
    db: app.db,
    mailer: app.mailer,
    now: () => app.now(),
    log: app.log,
    signAccessToken: (user) => app.signAccessToken(user),
    config,
  });

  /** Queues the member's email with a fresh set-password link (older links die). */
  async function sendInvitation(actor: StaffActor, row: UserRow, language?: 'en' | 'he') {
    const inviter = await findUserById(app.db, actor.user.id);
    const link = await auth.issuePasswordLink(row);
    const orgName = (await getOrganizationName(app.db, row.orgId)) || inviter?.companyName || '';
    const email = memberInvitationEmail({
      lang: language ?? (row.language === 'he' ? 'he' : 'en'),
      fName: row.fName,
      inviterName: inviter ? `${inviter.fName} ${inviter.lName}`.trim() || inviter.email : '',
      orgName,
      link,
    });
    await enqueueMails(
      app.db,
      [
        {
          orgId: row.orgId,
          purpose: MEMBER_INVITATION_PURPOSE,
          refId: row.id,
          to: row.email,
          ...email,
        },
      ],
      app.now(),
    );
    void app.mailQueue.kick();
  }

  /** The member a management call names: in the caller's organisation, managed by them. */
  async function memberOf(request: FastifyRequest, id: string) {
    const actor = staffOf(request);
    authorize(actor, 'team.manage');
    const row = await getManagedUser(app.db, actor, id);
    // An admin manages any account from the accounts screen; here only the acting organisation.
    if (row.orgId !== actor.orgId) throw new AppError('NOT_FOUND_ERR');
    return { actor, row };
  }

  api.get(
    '/team',
    {
      schema: {
        tags: TAGS,
        summary:
          "The caller's organisation: its users, the owner first, and whether they manage it",
        response: { 200: teamResponseSchema },
        querystring: viewAsQuerySchema,
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = staffOf(request);
      authorize(actor, 'team.read');
      const orgId = actor.orgId;
      const [rows, jobCounts] = await Promise.all([
        listOrgUsers(app.db, orgId),
        ownerJobCounts().byOwner(app.db, orgId, actor),
      ]);
      return {
        members: rows.map((row) => toTeamMember(row, jobCounts.get(row.id) ?? 0)),
        canManage: canManageMembers(actor.user),
      };
    },
  );

  api.post(
    '/team/member',
    {
      schema: {
        tags: TAGS,
        summary:
          'Owner: add a member to the organisation; they get an email with a link to choose their password',
        body: addMemberBodySchema,
        response: { 201: teamMemberSchema },
        querystring: viewAsQuerySchema,
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const actor = staffOf(request);
      authorize(actor, 'team.manage');
      const owner = (await findOrgOwner(app.db, actor.orgId)) ?? null;
      const body = request.body;
      // A member works under the organisation's plan: the owner's, as it is now.
      const plan = owner ?? (await findUserById(app.db, actor.user.id));
      const row = await createUser(app.db, {
        fName: body.fName,
        lName: body.lName ?? '',
        email: body.email,
        passwordHash: null,
        role: 'user',
        perm: plan?.perm ?? actor.user.perm,
        advancedPrm: plan?.advancedPrm ?? {},
        emailVerified: false,
        language: body.language ?? 'en',
        companyName: plan?.companyName ?? '',
        orgId: actor.orgId,
        orgRole: body.orgRole ?? ORG_ROLES.RECRUITER,
      });
      await sendInvitation(actor, row, body.language);
      await recordActivity(app.db, {
        type: 'create',
        target: 'user',
        userId: actor.user.id,
        orgId: row.orgId,
        desc: describeUser(row),
        meta: { memberId: row.id, team: true, ...viewAsMeta(actor) },
        date: app.now(),
      });
      return reply.status(201).send(toTeamMember(row, 0));
    },
  );

  api.put(
    '/team/member/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          "Owner: edit a member's name and email (a new email gets a new set-password link, or must be verified)",
        params: idParamsSchema,
        body: updateMemberBodySchema,
        response: { 200: teamMemberSchema },
        querystring: viewAsQuerySchema,
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { actor, row } = await memberOf(request, request.params.id);
      const body = request.body;
      const isNewEmail = body.email !== row.email;
      const previousRole = toOrgRole(row.orgRole);
      // The owner's role is theirs for good; a member moves between recruiter and reviewer.
      if (body.orgRole !== undefined && previousRole === ORG_ROLES.OWNER) {
        throw new AppError('VALIDATION_ERR', {
          message: "The organisation's owner keeps the owner's role",
        });
      }
      const roleChanged = body.orgRole !== undefined && body.orgRole !== previousRole;
      const now = app.now();
      const updated = await app.db.transaction(async (tx) => {
        const saved = await updateUser(
          tx,
          row.id,
          {
            fName: body.fName,
            lName: body.lName ?? '',
            ...(isNewEmail ? { email: body.email, emailVerified: false } : {}),
            ...(roleChanged ? { orgRole: body.orgRole } : {}),
          },
          now,
        );
        if (roleChanged) {
          await publish(tx, 'user.role_changed', {
            userId: row.id,
            orgId: row.orgId,
            orgRole: toOrgRole(saved.orgRole),
            now,
          });
        }
        return saved;
      });
      if (isNewEmail) {
        if (updated.passwordHash === null && updated.googleSub === null) {
          await sendInvitation(actor, updated);
        } else {
          await auth.sendVerification(updated, 'link').catch((error: unknown) => {
            request.log.error({ err: error, userId: row.id }, 'could not send the verification');
          });
        }
      }
      await recordActivity(app.db, {
        type: 'update',
        target: 'user',
        userId: actor.user.id,
        orgId: row.orgId,
        desc: describeUser(updated),
        meta: {
          memberId: row.id,
          team: true,
          emailChanged: isNewEmail,
          ...(roleChanged ? { orgRole: body.orgRole, previousRole } : {}),
          ...viewAsMeta(actor),
        },
        date: app.now(),
      });
      const jobCounts = await ownerJobCounts().byOwner(app.db, row.orgId);
      return toTeamMember(updated, jobCounts.get(row.id) ?? 0);
    },
  );

  api.post(
    '/team/member/:id/invitation',
    {
      schema: {
        tags: TAGS,
        summary: 'Owner: email a member a new set-password link (the older one stops working)',
        params: idParamsSchema,
        response: { 200: emptyReplySchema },
        querystring: viewAsQuerySchema,
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { actor, row } = await memberOf(request, request.params.id);
      await sendInvitation(actor, row);
      await recordActivity(app.db, {
        type: 'update',
        target: 'User Password',
        userId: actor.user.id,
        orgId: row.orgId,
        desc: describeUser(row),
        meta: { memberId: row.id, team: true, how: 'invitation_link', ...viewAsMeta(actor) },
        date: app.now(),
      });
      return {};
    },
  );

  api.delete(
    '/team/member/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          "Owner: remove a member; their jobs (with their applicants) and templates go to the organisation's owner",
        params: idParamsSchema,
        response: { 200: emptyReplySchema },
        querystring: viewAsQuerySchema,
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = staffOf(request);
      const row = await findUserById(app.db, request.params.id);
      if (!row) throw new AppError('NOT_FOUND_ERR');
      authorize(actor, 'member.remove', row);
      const owner = await findOrgOwner(app.db, row.orgId);
      if (!owner) throw new AppError('NOT_FOUND_ERR');
      // The member's jobs and templates go to the owner by the deletion's `user.handing_over`.
      await deleteUser(app.db, row.id, { now: app.now(), preferredSuccessorId: owner.id });
      await recordActivity(app.db, {
        type: 'remove',
        target: 'user',
        userId: actor.user.id,
        orgId: row.orgId,
        desc: describeUser(row),
        meta: { memberId: row.id, team: true, jobsTo: owner.id, ...viewAsMeta(actor) },
        date: app.now(),
      });
      return {};
    },
  );
}
