import {
  viewAsQuerySchema,
  departmentInputSchema,
  departmentListResponseSchema,
  departmentSchema,
  emptyReplySchema,
} from '@candid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { authorize, staffOf, viewAsMeta } from '../../policies';
import { recordActivity } from '../activities/activities.service';
import { countJobsByDepartment } from '../jobs/jobs.service';
import {
  createDepartment,
  deleteDepartment,
  findDepartment,
  listDepartments,
  renameDepartment,
  toDepartmentDto,
} from './departments.service';

const TAGS = ['departments'];
const BEARER = [{ bearerAuth: [] }];
const idParamsSchema = z.object({ id: z.string() });

/**
 * Multi-department organisations: the organisation's departments. Anyone of it with
 * MULTI_DEPARTMENT_ORGANIZATION lists them (the job editor and the job filter); its owner (or
 * an admin) adds, renames and deletes them. Another organisation's department is not found.
 */
export async function departmentsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The department a change names, in the caller's organisation, for its manager. */
  async function departmentToChange(request: FastifyRequest, id: string) {
    const actor = staffOf(request);
    authorize(actor, 'department.manage');
    const row = await findDepartment(app.db, id);
    if (!row) throw new AppError('NOT_FOUND_ERR');
    authorize(actor, 'department.assign', row);
    return { actor, row };
  }

  api.get(
    '/department',
    {
      schema: {
        tags: TAGS,
        summary: "The organisation's departments by name, with their job counts",
        response: { 200: departmentListResponseSchema },
        querystring: viewAsQuerySchema,
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const actor = staffOf(request);
      authorize(actor, 'department.use');
      const [rows, counts] = await Promise.all([
        listDepartments(app.db, actor.orgId),
        countJobsByDepartment(app.db, actor.orgId, actor),
      ]);
      return { departments: rows.map((row) => toDepartmentDto(row, counts.get(row.id) ?? 0)) };
    },
  );

  api.post(
    '/department',
    {
      schema: {
        tags: TAGS,
        summary: 'Owner: add a department',
        body: departmentInputSchema,
        response: { 201: departmentSchema },
        querystring: viewAsQuerySchema,
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const actor = staffOf(request);
      authorize(actor, 'department.manage');
      authorize(actor, 'department.use');
      const row = await createDepartment(app.db, actor.orgId, request.body.name, app.now());
      await recordActivity(app.db, {
        type: 'create',
        target: 'department',
        userId: actor.user.id,
        orgId: row.orgId,
        desc: row.name,
        meta: { departmentId: row.id, ...viewAsMeta(actor) },
        date: app.now(),
      });
      return reply.status(201).send(toDepartmentDto(row, 0));
    },
  );

  api.put(
    '/department/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Owner: rename a department',
        params: idParamsSchema,
        body: departmentInputSchema,
        response: { 200: departmentSchema },
        querystring: viewAsQuerySchema,
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { actor, row } = await departmentToChange(request, request.params.id);
      const updated = await renameDepartment(app.db, row, request.body.name, app.now());
      await recordActivity(app.db, {
        type: 'update',
        target: 'department',
        userId: actor.user.id,
        orgId: row.orgId,
        desc: updated.name,
        meta: { departmentId: row.id, from: row.name, ...viewAsMeta(actor) },
        date: app.now(),
      });
      const counts = await countJobsByDepartment(app.db, row.orgId);
      return toDepartmentDto(updated, counts.get(row.id) ?? 0);
    },
  );

  api.delete(
    '/department/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Owner: delete a department; its jobs stay, without a department',
        params: idParamsSchema,
        response: { 200: emptyReplySchema },
        querystring: viewAsQuerySchema,
        security: BEARER,
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { actor, row } = await departmentToChange(request, request.params.id);
      await deleteDepartment(app.db, row);
      await recordActivity(app.db, {
        type: 'remove',
        target: 'department',
        userId: actor.user.id,
        orgId: row.orgId,
        desc: row.name,
        meta: { departmentId: row.id, ...viewAsMeta(actor) },
        date: app.now(),
      });
      return {};
    },
  );
}
