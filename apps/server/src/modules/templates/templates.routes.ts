import {
  defaultTemplatesResponseSchema,
  emptyReplySchema,
  hasPermission,
  templateListQuerySchema,
  templateListResponseSchema,
  templateSaveInputSchema,
  templateSchema,
  templateUpdateInputSchema,
  viewAsQuerySchema,
} from '@candid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { resolveActingUser } from '../../plugins/auth';
import { findUserById } from '../users/users.service';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listDefaultTemplates,
  listTemplates,
  toggleTemplateArchive,
  toggleTemplateDefault,
  updateTemplate,
  type TemplateActor,
  type TemplateAuthor,
} from './templates.service';

const TAGS = ['templates'];
const BEARER = [{ bearerAuth: [] }];
const idParamsSchema = z.object({ id: z.string() });

interface TemplateCaller {
  author: TemplateAuthor;
  actor: TemplateActor;
}

/**
 * Spec §7 "Templates": list, default and built-in templates, one template, create, update,
 * delete, and the two toggles the spec leaves unnamed (`PUT template/{id}/archive`,
 * `PUT template/{id}/default`). Every call needs the TEMPLATES permission (spec §6) of the
 * acting user (the caller, or for an admin the user in `?viewAsId=`); built-in templates are
 * readable by everyone with it and changeable by no one.
 */
export async function templatesRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const callers = new WeakMap<FastifyRequest, TemplateCaller>();

  // The permission is checked before the body is validated: a user without templates learns
  // nothing about the payload rules.
  api.addHook('onRequest', app.requireUser);
  api.addHook('preValidation', async (request) => {
    const raw = (request.query as Record<string, unknown> | undefined)?.viewAsId;
    const viewAsId = typeof raw === 'string' && raw.trim() ? raw.trim() : undefined;
    const acting = await resolveActingUser(request, viewAsId);
    const row = await findUserById(app.db, acting.id);
    if (!row) throw new AppError('INVALID_TOKEN_ERR');
    if (!hasPermission(row, 'TEMPLATES')) throw new AppError('FORBIDDEN_ERR');
    const userId = request.user!.id;
    callers.set(request, {
      author: row,
      actor: {
        userId,
        orgId: row.orgId,
        ...(row.id !== userId ? { viewAsId: row.id } : {}),
      },
    });
  });
  const callerOf = (request: FastifyRequest): TemplateCaller => callers.get(request)!;

  api.get(
    '/template',
    {
      schema: {
        tags: TAGS,
        summary:
          "The template overview: the organisation's templates, searched by title, archive view, oldest first, 1-based pages of 30",
        querystring: templateListQuerySchema,
        response: { 200: templateListResponseSchema },
        security: BEARER,
      },
    },
    async (request) => listTemplates(app.db, callerOf(request).actor.orgId, request.query),
  );

  api.get(
    '/template/default',
    {
      schema: {
        tags: TAGS,
        summary:
          "The job overview's template picker: the organisation's default template, then the built-in templates",
        querystring: viewAsQuerySchema,
        response: { 200: defaultTemplatesResponseSchema },
        security: BEARER,
      },
    },
    async (request) => listDefaultTemplates(app.db, callerOf(request).actor.orgId),
  );

  api.get(
    '/template/:id',
    {
      schema: {
        tags: TAGS,
        summary: "One of the organisation's templates, or a built-in one",
        params: idParamsSchema,
        querystring: viewAsQuerySchema,
        response: { 200: templateSchema },
        security: BEARER,
      },
    },
    async (request) => getTemplate(app.db, callerOf(request).actor.orgId, request.params.id),
  );

  api.post(
    '/template',
    {
      schema: {
        tags: TAGS,
        summary:
          'Create a template (the template itself as the body); a blank title becomes "Unnamed Template" plus date and time; `isDefault` makes it the only default',
        querystring: viewAsQuerySchema,
        body: templateSaveInputSchema,
        response: { 201: templateSchema },
        security: BEARER,
      },
    },
    async (request, reply) => {
      const template = await createTemplate(app.db, {
        ...callerOf(request),
        input: request.body,
        now: app.now(),
      });
      return reply.status(201).send(template);
    },
  );

  api.put(
    '/template',
    {
      schema: {
        tags: TAGS,
        summary: 'Update a template (with its `_id`); built-in templates are read-only (403)',
        querystring: viewAsQuerySchema,
        body: templateUpdateInputSchema,
        response: { 200: templateSchema },
        security: BEARER,
      },
    },
    async (request) =>
      updateTemplate(app.db, { ...callerOf(request), input: request.body, now: app.now() }),
  );

  api.delete(
    '/template/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a template for good; built-in templates are read-only (403)',
        params: idParamsSchema,
        querystring: viewAsQuerySchema,
        response: { 200: emptyReplySchema },
        security: BEARER,
      },
    },
    async (request) => {
      await deleteTemplate(app.db, {
        actor: callerOf(request).actor,
        id: request.params.id,
        now: app.now(),
      });
      return {};
    },
  );

  api.put(
    '/template/:id/archive',
    {
      schema: {
        tags: TAGS,
        summary:
          'Toggle archive: archive an active template (it stops being the default) or restore an archived one. The spec names no path for this call; this one is ours',
        params: idParamsSchema,
        querystring: viewAsQuerySchema,
        response: { 200: templateSchema },
        security: BEARER,
      },
    },
    async (request) =>
      toggleTemplateArchive(app.db, {
        actor: callerOf(request).actor,
        id: request.params.id,
        now: app.now(),
      }),
  );

  api.put(
    '/template/:id/default',
    {
      schema: {
        tags: TAGS,
        summary:
          "Toggle default: make the template the organisation's only default (the previous one is cleared first) or clear it. The spec names no path for this call; this one is ours",
        params: idParamsSchema,
        querystring: viewAsQuerySchema,
        response: { 200: templateSchema },
        security: BEARER,
      },
    },
    async (request) =>
      toggleTemplateDefault(app.db, {
        actor: callerOf(request).actor,
        id: request.params.id,
        now: app.now(),
      }),
  );
}
