import type { Question } from '@candid/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';

/** What the insights need of one job: its name, questions (drop-off) and department. */
export interface JobForInsights {
  id: string;
  orgId: string;
  title: string;
  departmentId: string | null;
  quests: Question[];
}

/** One job by id (any organisation: the caller authorizes it), or null. */
export async function findJobForInsights(db: Db, id: string): Promise<JobForInsights | null> {
  const [row] = await db
    .select({
      id: jobs.id,
      orgId: jobs.orgId,
      title: jobs.title,
      departmentId: jobs.departmentId,
      quests: jobs.quests,
    })
    .from(jobs)
    .where(eq(jobs.id, id))
    .limit(1);
  return row ?? null;
}
