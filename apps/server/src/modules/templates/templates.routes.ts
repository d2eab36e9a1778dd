import {
  defaultTemplatesResponseSchema,
  emptyReplySchema,
  templateListQuerySchema,
  templateListResponseSchema,
  templateSaveInputSchema,
  templateSchema,
  templateUpdateInputSchema,
  viewAsQuerySchema,
  defaultTemplatesQuerySchema,
} from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listReplySerializer } from '../../lib/list-reply-serializer';
import { z } from 'zod';
import { authorize, staffOf } from '../../policies';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listDefaultTemplates,
  listTemplates,
  toggleTemplateArchive,
  toggleTemplateDefault,
  updateTemplate,
} from './templates.service';

const TAGS = ['templates'];
const BEARER = [{ bearerAuth: [] }];
const idParamsSchema = z.object({ id: z.string() });

/**
 * Templates: list, default and built-in templates, one template, create, update,
 * delete, and the two toggles the spec leaves unnamed (`PUT template/{id}/archive`,
 * `PUT template/{id}/default`). Every call needs the TEMPLATES permission of the
 * acting user (the caller, or for an admin the user in `?viewAsId=`); built-in templates are
 * readable by everyone with it and changeable by no one.
 */
export async function templatesRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The permission is checked before the body is validated (and after the auth plugin has
  // resolved any view-as): a user without templates learns nothing about the payload rules.
  api.addHook('onRequest', app.requireUser);
  api.addHook('preValidation', async (request) => {
    authorize(request.actor, 'template.use');
  });

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
      serializerCompiler: listReplySerializer,
    },
    async (request) => listTemplates(app.db, staffOf(request).orgId, request.query),
  );

  api.get(
    '/template/default',
    {
      schema: {
        tags: TAGS,
        summary:
          "The job overview's template picker: the organisation's default template, then the built-in templates",
        querystring: defaultTemplatesQuerySchema,
        response: { 200: defaultTemplatesResponseSchema },
        security: BEARER,
      },
    },
    async (request) => listDefaultTemplates(app.db, staffOf(request).orgId, request.query.lang),
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
    async (request) => getTemplate(app.db, staffOf(request).orgId, request.params.id),
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
        actor: staffOf(request),
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
      updateTemplate(app.db, { actor: staffOf(request), input: request.body, now: app.now() }),
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
        actor: staffOf(request),
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
        actor: staffOf(request),
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
        actor: staffOf(request),
        id: request.params.id,
        now: app.now(),
      }),
  );
}
