import {
  SAVED_QUESTION_LIST_LIMIT,
  type SavedQuestion,
  type SavedQuestionInput,
} from '@candid/domain';
import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/list-query';
import { savedQuestions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { authorize, type StaffActor } from '../../policies';
import { toStoredQuests } from '../jobs/questions';

type SavedQuestionRow = typeof savedQuestions.$inferSelect;

/** A saved question row as the API returns it. */
export function toSavedQuestionDto(row: SavedQuestionRow): SavedQuestion {
  const { desc: description, ansRule, timeLimit, thinkTimeSec, opts } = row.quest;
  return {
    _id: row.id,
    txt: row.txt,
    desc: description,
    ansRule,
    timeLimit,
    ...(thinkTimeSec ? { thinkTimeSec } : {}),
    ...(opts ? { opts } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The organisation's saved questions, newest first, at most SAVED_QUESTION_LIST_LIMIT; `q`
 * keeps those whose text holds it (ILIKE, served by the trigram index).
 */
export async function listSavedQuestions(
  db: Db,
  actor: StaffActor,
  q: string | undefined,
): Promise<SavedQuestion[]> {
  authorize(actor, 'savedQuestion.use');
  const conditions: SQL[] = [eq(savedQuestions.orgId, actor.orgId)];
  if (q) conditions.push(ilike(savedQuestions.txt, likePattern(q)));
  const rows = await db
    .select()
    .from(savedQuestions)
    .where(and(...conditions))
    .orderBy(desc(savedQuestions.createdAt), desc(savedQuestions.id))
    .limit(SAVED_QUESTION_LIST_LIMIT);
  return rows.map(toSavedQuestionDto);
}

/**
 * Saves a question to the organisation's library: its description sanitised and its media
 * checked as a job's questions are (toStoredQuests).
 */
export async function saveQuestion(
  db: Db,
  actor: StaffActor,
  input: SavedQuestionInput,
  now: Date,
): Promise<SavedQuestion> {
  authorize(actor, 'savedQuestion.use');
  const [stored] = toStoredQuests([{ ...input, id: 'saved', vidUrl: null }]);
  const { id: _id, txt, ...quest } = stored!;
  const [row] = await db
    .insert(savedQuestions)
    .values({ orgId: actor.orgId, createdBy: actor.id, txt, quest, createdAt: now })
    .returning();
  return toSavedQuestionDto(row!);
}

/** Deletes one of the organisation's saved questions; another organisation's is not found. */
export async function deleteSavedQuestion(db: Db, actor: StaffActor, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND_ERR');
  const [row] = await db
    .select({ orgId: savedQuestions.orgId })
    .from(savedQuestions)
    .where(eq(savedQuestions.id, id));
  if (!row) throw new AppError('NOT_FOUND_ERR');
  authorize(actor, 'savedQuestion.write', row);
  await db.delete(savedQuestions).where(eq(savedQuestions.id, id));
}
