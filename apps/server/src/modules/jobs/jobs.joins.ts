import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { jobs } from '../../db/schema';

/**
 * What other modules may read of the jobs table inside their own statements. The jobs module
 * owns the table (only it writes jobs); a module whose one-statement read needs a job's title or
 * organisation beside its own rows (the applicant overview: it must stay one statement)
 * joins through these pieces instead of importing the table, so the join stays visible here.
 */

/** The jobs table reference, for a join or sub-select in another module's read-only statement. */
export function jobsTableForJoin(): typeof jobs {
  return jobs;
}

/** `jobs.id = <column>`: the join condition from a row's job id to its job. */
export function jobOf(jobIdColumn: AnyPgColumn | SQL): SQL {
  return eq(jobs.id, jobIdColumn);
}
