import {
  defaultScorecard,
  isDescriptionShown,
  resolveStatusStages,
  type ApplicantSummary,
  type Job,
} from '@candid/domain';
import { isoOrNull } from '../../db/list-query';
import type { jobs } from '../../db/schema';
import { miniUserColumns, toMiniUser, type MiniUserRow } from '../users/users.joins';

export type JobRow = typeof jobs.$inferSelect;

/** The job owner's columns read with every job (Mini user). */
export const ownerColumns = miniUserColumns;
export type OwnerRow = MiniUserRow;

/**
 * A job's columns, its timestamps as Dates (read by drizzle) or as ISO text (read by a list
 * statement, see isoTime).
 */
export type JobFields = Omit<JobRow, 'createdAt' | 'updatedAt' | 'archivedAt' | 'closesAt'> & {
  createdAt: Date | string;
  archivedAt: Date | string | null;
  closesAt: Date | string | null;
};

/** What a job is about, in wire names: the part the public invitation data shares. */
export function toJobContent(
  row: Omit<JobFields, 'createdAt' | 'archivedAt'>,
): Pick<Job, '_id' | 'info' | 'company' | 'rule' | 'quests' | 'closesAt'> {
  return {
    _id: row.id,
    info: {
      title: row.title,
      location: row.location,
      desc: row.description,
      isDescShown: isDescriptionShown({
        desc: row.description,
        isDescShown: row.showDescription ?? undefined,
      }),
      coverUrl: row.coverUrl,
    },
    company: { name: row.companyName, logoUrl: row.companyLogoUrl },
    rule: { isCvRequired: row.isCvRequired, isOneTry: row.isOneTry, hasPractice: row.hasPractice },
    quests: row.quests,
    closesAt: isoOrNull(row.closesAt),
  };
}

/**
 * A job row as the API returns it (Job, wire names). The one place columns map to the
 * wire. Written out property by property: an object literal that spreads another and then adds
 * properties (`{ ...content, owner, … }`) took V8 (Node 20) 15 µs here against 0.2 µs, which
 * was a tenth of a jobs page's server time.
 */
export function toJobDto(row: JobFields, owner: OwnerRow, summary?: ApplicantSummary): Job {
  const content = toJobContent(row);
  return {
    _id: content._id,
    info: content.info,
    company: content.company,
    rule: content.rule,
    quests: content.quests,
    closesAt: content.closesAt,
    owner: toMiniUser(owner),
    statusStages: resolveStatusStages(row.statusStages),
    scorecard: row.scorecard ?? defaultScorecard(),
    departmentId: row.departmentId,
    // Applicants travel through the applicant calls, never inside a job.
    applicants: [],
    applicantSummary: summary ?? { avatars: [], applicantCount: 0, newCount: 0, toReviewCount: 0 },
    createdAt: isoOrNull(row.createdAt)!,
    archivedAt: isoOrNull(row.archivedAt),
  };
}
