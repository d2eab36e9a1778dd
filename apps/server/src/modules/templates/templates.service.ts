import {
  applyTemplateDefaults,
  getPageCount,
  getSkip,
  PRODUCT_NAME,
  toggleArchivedAt,
  type Language,
  type Template,
  type TemplateListQuery,
  type TemplateListResponse,
  type TemplateSaveInput,
  type TemplateUpdateInput,
} from '@candid/domain';
import { and, asc, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbTx } from '../../db/client';
import {
  isoOrNull,
  searchPattern,
  listColumns,
  planConstant,
  planOffset,
  readList,
  renderOnce,
  runListStatement,
} from '../../db/list-query';
import { templates } from '../../db/schema';
import { ownerFirstNameColumn, ownerJoin } from '../users/users.joins';
import { findUserById } from '../users/users.service';
import { AppError } from '../../lib/app-error';
import { authorize, viewAsMeta, type StaffActor } from '../../policies';
import { isUuid } from '../../lib/ids';
import { recordActivity } from '../activities/activities.service';
import { toStoredQuests } from '../jobs/questions';
import { assertSafeMediaUrls } from '../jobs/rich-text';

export type TemplateRow = typeof templates.$inferSelect;
/** A template's columns, its timestamps as Dates (drizzle) or ISO text (a list statement). */
type TemplateFields = Omit<TemplateRow, 'createdAt' | 'updatedAt' | 'archivedAt'> & {
  createdAt: Date | string;
  archivedAt: Date | string | null;
};
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A template row as the API returns it (Template). Built-in templates (no
 * organisation) are shown as made by the product.
 */
export function toTemplateDto(row: TemplateFields, ownerFName: string | null): Template {
  return {
    _id: row.id,
    title: row.title,
    name: row.name,
    owner: row.ownerId ? { _id: row.ownerId, fName: ownerFName ?? '' } : { fName: PRODUCT_NAME },
    quests: row.quests,
    isDefault: row.isDefault,
    coverUrl: row.coverUrl,
    createdAt: isoOrNull(row.createdAt)!,
    archivedAt: isoOrNull(row.archivedAt),
  };
}

const selection = { template: templates, ownerFName: ownerFirstNameColumn };

function selectTemplates(db: Db | Tx) {
  return db
    .select(selection)
    .from(templates)
    .leftJoin(...ownerJoin(templates.ownerId));
}

/** Templates the organisation may read: its own and the built-in ones. */
function readableBy(orgId: string): SQL {
  return or(eq(templates.orgId, orgId), isNull(templates.orgId))!;
}

/** A template list row: the template's columns (timestamps as ISO text), its owner's first name and the counts. */
type TemplateListRow = TemplateFields & {
  ownerFName: string | null;
  filtered: number;
  total: number | null;
};

/**
 * The pieces of the template list's statement, rendered once: drizzle built and mapped the
 * select on every request, which cost more than the statement.
 */
const TEMPLATE_LIST = (() => {
  const [ownerTable, ownerOn] = ownerJoin(templates.ownerId);
  return {
    select: renderOnce(
      sql`${listColumns(templates, { iso: ['createdAt', 'archivedAt'], omit: ['updatedAt'] })},
        ${ownerFirstNameColumn} as "ownerFName"`,
    ),
    from: renderOnce(sql`${templates} left join ${ownerTable} on ${ownerOn}`),
    order: renderOnce(sql`${templates.createdAt} asc, ${templates.id} asc`),
  };
})();

/**
 * The template overview (`GET template?filters`): the organisation's own templates in
 * one archive view, searched by title, oldest first, 1-based pages. Built-in
 * templates are offered by `GET template/default` instead.
 */
export async function listTemplates(
  db: Db,
  orgId: string,
  query: TemplateListQuery,
): Promise<TemplateListResponse> {
  const scope = and(
    eq(templates.orgId, orgId),
    query.showArchived ? isNotNull(templates.archivedAt) : isNull(templates.archivedAt),
  )!;
  // The pattern written into the (unnamed) statement, so it is planned for the word (planText).
  const pattern = query.txt ? searchPattern(query.txt) : null;
  const where = pattern
    ? and(scope, sql`(${templates.title} ilike ${pattern} or ${templates.name} ilike ${pattern})`)!
    : scope;
  // Served by the partial (org, created_at, id) index of the archive view; the search filters
  // the organisation's own templates, which are few, so they are counted exactly. One
  // statement: the page's ids (limit and a first page's offset as constants, see planConstant),
  // its rows with their owner's name, and the counts as columns; a page past the end has no
  // row to carry them, so they are read on their own then.
  const skip = getSkip(query.currPage, query.itemsPerPage);
  const counted = (condition: SQL) =>
    sql<number>`(select count(*) from ${templates} where ${condition})::int`;
  const counts = {
    filtered: counted(where),
    total: query.txt ? counted(scope) : sql<number | null>`null`,
  };
  const options = { planEachTime: Boolean(query.txt) };
  return readList(db, async (q) => {
    const pageIds = sql`(select ${templates.id} from ${templates} where ${where}
      order by ${TEMPLATE_LIST.order}
      limit ${planConstant(query.itemsPerPage)} offset ${planOffset(skip)})`;
    const rows = await runListStatement<TemplateListRow>(
      q,
      sql`select ${TEMPLATE_LIST.select}, ${counts.filtered} as "filtered", ${counts.total} as "total"
        from ${TEMPLATE_LIST.from} where ${templates.id} in ${pageIds}
        order by ${TEMPLATE_LIST.order}`,
      options,
    );
    const [found] = rows.length
      ? rows
      : await runListStatement<{ filtered: number; total: number | null }>(
          q,
          sql`select ${counts.filtered} as "filtered", ${counts.total} as "total"`,
          options,
        );
    const filteredTemplateCount = Number(found?.filtered ?? 0);
    return {
      templates: rows.map((row) => toTemplateDto(row, row.ownerFName)),
      pageCount: getPageCount(filteredTemplateCount, query.itemsPerPage),
      filteredTemplateCount,
      // Without a search the view's count is the filtered one.
      totalTemplateCount: Number(found?.total ?? found?.filtered ?? 0),
    };
  });
}

/**
 * `GET template/default`: the organisation's default template (at most one), then the
 * built-in templates of the recruiter's language `lang`, oldest first; archived ones
 * never.
 */
export async function listDefaultTemplates(
  db: Db,
  orgId: string,
  lang: Language = 'en',
): Promise<Template[]> {
  const rows = await selectTemplates(db)
    .where(
      and(
        isNull(templates.archivedAt),
        or(
          and(eq(templates.orgId, orgId), eq(templates.isDefault, true)),
          and(isNull(templates.orgId), eq(templates.lang, lang)),
        ),
      ),
    )
    .orderBy(sql`${templates.orgId} is null`, asc(templates.createdAt), asc(templates.id));
  return rows.map((row) => toTemplateDto(row.template, row.ownerFName));
}

/** A template the organisation may read (its own or built-in); NOT_FOUND_ERR otherwise. */
export async function getTemplate(db: Db, orgId: string, id: string): Promise<Template> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND_ERR');
  const [row] = await selectTemplates(db).where(and(eq(templates.id, id), readableBy(orgId)));
  if (!row) throw new AppError('NOT_FOUND_ERR');
  return toTemplateDto(row.template, row.ownerFName);
}

/**
 * A template the actor may change (policies: another organisation's is NOT_FOUND_ERR, its
 * existence not revealed; a built-in one is FORBIDDEN_ERR), locked for the rest of the
 * transaction.
 */
async function lockOwnTemplate(tx: Tx, actor: StaffActor, id: string): Promise<TemplateRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND_ERR');
  const [row] = await tx
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), readableBy(actor.orgId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND_ERR');
  authorize(actor, 'template.write', row);
  return row;
}

/**
 * Makes `templateId` the organisation's only default (the previous default is
 * cleared first), or clears every default when it is null. Locks the organisation's
 * templates first, so two concurrent calls cannot leave two defaults.
 */
async function setOrganisationDefault(
  tx: Tx,
  orgId: string,
  templateId: string | null,
  now: Date,
): Promise<void> {
  await tx
    .select({ id: templates.id })
    .from(templates)
    .where(eq(templates.orgId, orgId))
    .for('update');
  await tx
    .update(templates)
    .set({ isDefault: false, updatedAt: now })
    .where(
      and(
        eq(templates.orgId, orgId),
        eq(templates.isDefault, true),
        ...(templateId ? [ne(templates.id, templateId)] : []),
      ),
    );
  if (templateId) {
    await tx
      .update(templates)
      .set({ isDefault: true, updatedAt: now })
      .where(and(eq(templates.id, templateId), eq(templates.orgId, orgId)));
  }
}

function activityMeta(actor: StaffActor, templateId: string, extra: Record<string, unknown> = {}) {
  return { templateId, ...extra, ...viewAsMeta(actor) };
}

/**
 * The columns a create or update writes: blank title named in the language of the
 * account it is saved for (the editor names it so too; an API client may send none),
 * URLs checked, HTML sanitised.
 */
async function toTemplateValues(db: Db, actor: StaffActor, input: TemplateSaveInput, now: Date) {
  const language = input.title.trim() ? null : (await findUserById(db, actor.id))?.language;
  const { title } = applyTemplateDefaults(input, now, language);
  assertSafeMediaUrls({ coverUrl: input.coverUrl });
  return { title, name: title, coverUrl: input.coverUrl, quests: toStoredQuests(input.quests) };
}

/**
 * Creates a template in the author's organisation (template rules are the body
 * schema's; the author's plan gates answer types). `isDefault` makes it the only default.
 */
export async function createTemplate(
  db: Db,
  params: { actor: StaffActor; input: TemplateSaveInput; now: Date },
): Promise<Template> {
  const { actor, input, now } = params;
  const author = actor;
  authorize(actor, 'job.useAnswerTypes', { quests: input.quests });
  const values = await toTemplateValues(db, actor, input, now);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(templates)
      .values({
        ...values,
        orgId: author.orgId,
        ownerId: author.id,
        isDefault: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: templates.id });
    if (input.isDefault) await setOrganisationDefault(tx, author.orgId, row!.id, now);
    await recordActivity(tx, {
      type: 'create',
      target: 'template',
      userId: actor.user.id,
      orgId: author.orgId,
      desc: values.title,
      meta: activityMeta(actor, row!.id),
      date: now,
    });
    return row!.id;
  });
  return getTemplate(db, author.orgId, id);
}

/**
 * Updates one of the organisation's templates (built-in ones are read-only: 403). Only new
 * answer-type choices are gated by the author's plan. `isDefault` true or false sets or
 * clears the default; left out, it stays as it is.
 */
export async function updateTemplate(
  db: Db,
  params: { actor: StaffActor; input: TemplateUpdateInput; now: Date },
): Promise<Template> {
  const { actor, input, now } = params;
  const values = await toTemplateValues(db, actor, input, now);
  await db.transaction(async (tx) => {
    const row = await lockOwnTemplate(tx, actor, input._id);
    authorize(actor, 'job.useAnswerTypes', { quests: input.quests, previous: row.quests });
    await tx
      .update(templates)
      .set({ ...values, updatedAt: now })
      .where(eq(templates.id, row.id));
    if (input.isDefault === true && !row.isDefault) {
      await setOrganisationDefault(tx, actor.orgId, row.id, now);
    } else if (input.isDefault === false && row.isDefault) {
      await setOrganisationDefault(tx, actor.orgId, null, now);
    }
    await recordActivity(tx, {
      type: 'update',
      target: 'template',
      userId: actor.user.id,
      orgId: actor.orgId,
      desc: values.title,
      meta: activityMeta(actor, row.id),
      date: now,
    });
  });
  return getTemplate(db, actor.orgId, input._id);
}

/** Deletes one of the organisation's templates for good (built-in ones: 403). */
export async function deleteTemplate(
  db: Db,
  params: { actor: StaffActor; id: string; now: Date },
): Promise<void> {
  const { actor, id, now } = params;
  await db.transaction(async (tx) => {
    const row = await lockOwnTemplate(tx, actor, id);
    await tx.delete(templates).where(eq(templates.id, row.id));
    await recordActivity(tx, {
      type: 'remove',
      target: 'template',
      userId: actor.user.id,
      orgId: actor.orgId,
      desc: row.title,
      meta: activityMeta(actor, row.id),
      date: now,
    });
  });
}

/**
 * Archives an active template or restores an archived one. An archived template
 * stops being the default, so restoring it can never leave two defaults.
 */
export async function toggleTemplateArchive(
  db: Db,
  params: { actor: StaffActor; id: string; now: Date },
): Promise<Template> {
  const { actor, id, now } = params;
  await db.transaction(async (tx) => {
    const row = await lockOwnTemplate(tx, actor, id);
    const archivedAt = toggleArchivedAt(row.archivedAt?.toISOString(), now);
    await tx
      .update(templates)
      .set({
        archivedAt: archivedAt ? new Date(archivedAt) : null,
        ...(archivedAt ? { isDefault: false } : {}),
        updatedAt: now,
      })
      .where(eq(templates.id, row.id));
    await recordActivity(tx, {
      type: archivedAt ? 'archive' : 'restore',
      target: 'template',
      userId: actor.user.id,
      orgId: actor.orgId,
      desc: row.title,
      meta: activityMeta(actor, row.id),
      date: now,
    });
  });
  return getTemplate(db, actor.orgId, id);
}

/**
 * Makes a template the organisation's default, clearing the previous one first in the same
 * transaction, or clears it when it already is. An archived template cannot
 * become the default (400).
 */
export async function toggleTemplateDefault(
  db: Db,
  params: { actor: StaffActor; id: string; now: Date },
): Promise<Template> {
  const { actor, id, now } = params;
  await db.transaction(async (tx) => {
    const row = await lockOwnTemplate(tx, actor, id);
    if (!row.isDefault && row.archivedAt) {
      throw new AppError('VALIDATION_ERR', {
        message: 'An archived template cannot be the default',
      });
    }
    await setOrganisationDefault(tx, actor.orgId, row.isDefault ? null : row.id, now);
    await recordActivity(tx, {
      type: 'update',
      target: 'template',
      userId: actor.user.id,
      orgId: actor.orgId,
      desc: row.title,
      meta: activityMeta(actor, row.id, { isDefault: !row.isDefault }),
      date: now,
    });
  });
  return getTemplate(db, actor.orgId, id);
}

/** Gives every template of a departing user to a colleague (inside the deletion's transaction). */
export async function transferTemplateOwnership(
  tx: Db | DbTx,
  fromUserId: string,
  toUserId: string,
) {
  await tx.update(templates).set({ ownerId: toUserId }).where(eq(templates.ownerId, fromUserId));
}
