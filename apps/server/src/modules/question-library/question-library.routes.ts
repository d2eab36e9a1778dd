import {
  emptyReplySchema,
  savedQuestionInputSchema,
  savedQuestionListQuerySchema,
  savedQuestionListResponseSchema,
  savedQuestionSchema,
  viewAsQuerySchema,
} from '@candid/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../../policies';
import { deleteSavedQuestion, listSavedQuestions, saveQuestion } from './question-library.service';

const TAGS = ['question library'];
const BEARER = [{ bearerAuth: [] }];
const idParamsSchema = z.object({ id: z.string() });

/**
 * The organisation's question library ("Our questions" in the editors' "Add from library"):
 * list and search, save a question, delete one. Any recruiter of the organisation may; another
 * organisation's question is not found. The built-in bank is part of the web app, not served.
 */
export async function questionLibraryRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('onRequest', app.requireUser);

  api.get(
    '/question-library',
    {
      schema: {
        tags: TAGS,
        summary:
          "The organisation's saved questions, newest first (at most 200); `q` keeps those whose text holds it",
        querystring: savedQuestionListQuerySchema,
        response: { 200: savedQuestionListResponseSchema },
        security: BEARER,
      },
    },
    async (request) => ({
      questions: await listSavedQuestions(app.db, staffOf(request), request.query.q),
    }),
  );

  api.post(
    '/question-library',
    {
      schema: {
        tags: TAGS,
        summary:
          "Save a question from a job or template to the organisation's library (its id and scoring are not kept)",
        querystring: viewAsQuerySchema,
        body: savedQuestionInputSchema,
        response: { 201: savedQuestionSchema },
        security: BEARER,
      },
    },
    async (request, reply) => {
      const saved = await saveQuestion(app.db, staffOf(request), request.body, app.now());
      return reply.status(201).send(saved);
    },
  );

  api.delete(
    '/question-library/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Delete one of the organisation's saved questions",
        params: idParamsSchema,
        querystring: viewAsQuerySchema,
        response: { 200: emptyReplySchema },
        security: BEARER,
      },
    },
    async (request) => {
      await deleteSavedQuestion(app.db, staffOf(request), request.params.id);
      return {};
    },
  );
}
