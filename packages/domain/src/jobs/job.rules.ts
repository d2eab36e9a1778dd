import { DEFAULT_STATUS_STAGES } from '../applicants/application-stage';
import { getDefaultTexts } from '../common/default-texts';
import type { MiniUser } from '../users/user.schemas';
import { isRichTextBlank } from '../validation/rich-text';
import type { Job, JobDraft } from './job.schemas';
import { defaultQuestion } from './question.schemas';
import { defaultScorecard } from './scorecard';

/** Prefix of a cloned job's title. */
export const CLONE_TITLE_PREFIX = 'copy of ';

/**
 * The job editor's empty job: "Untitled job", one try, no CV required, one default
 * question, its texts in the recruiter's language `lang`. Company details come from the
 * recruiter's profile when given.
 */
export function defaultJob(
  options: { owner?: MiniUser; companyName?: string; logoUrl?: string; lang?: string } = {},
): JobDraft {
  return {
    info: {
      title: getDefaultTexts(options.lang).untitledJob,
      location: '',
      desc: '',
      // Turned on by the editor once a description is written (or by the recruiter).
      isDescShown: false,
      coverUrl: '',
    },
    company: { name: options.companyName ?? '', logoUrl: options.logoUrl ?? '' },
    ...(options.owner ? { owner: options.owner } : {}),
    rule: { isCvRequired: false, isOneTry: true, hasPractice: false },
    quests: [defaultQuestion(undefined, options.lang)],
    applicants: [],
    applicantSummary: { avatars: [], applicantCount: 0, newCount: 0, toReviewCount: 0 },
    archivedAt: null,
    closesAt: null,
    statusStages: { ...DEFAULT_STATUS_STAGES },
    scorecard: defaultScorecard(options.lang),
  };
}

/**
 * Fills what a saved job may not leave empty: an empty title becomes
 * "Untitled job", an empty company name "company" and an empty question text "question", in
 * the recruiter's language `lang` (`getDefaultTexts`; English when unknown). Blank means empty
 * after trimming.
 */
export function applyJobDefaults<T extends Pick<JobDraft, 'info' | 'company' | 'quests'>>(
  job: T,
  lang?: string | null,
): T {
  const texts = getDefaultTexts(lang);
  return {
    ...job,
    info: { ...job.info, title: job.info.title.trim() || texts.untitledJob },
    company: { ...job.company, name: job.company.name.trim() || texts.company },
    quests: job.quests.map((quest) => ({
      ...quest,
      txt: quest.txt.trim() || texts.question,
    })),
  };
}

/**
 * A copy of a job to save as a new one: without id, creation date and applicants,
 * unarchived, titled "copy of {title}", and without a closing date (the copy is a new opening;
 * the original's date may have passed).
 */
export function cloneJob(job: Job | JobDraft): JobDraft {
  const { _id: _omitId, createdAt: _omitCreatedAt, ...rest } = job;
  return {
    ...rest,
    info: { ...job.info, title: `${CLONE_TITLE_PREFIX}${job.info.title}` },
    quests: job.quests.map((quest) => ({ ...quest })),
    applicants: [],
    applicantSummary: { avatars: [], applicantCount: 0, newCount: 0, toReviewCount: 0 },
    archivedAt: null,
    closesAt: null,
  };
}

/** A question may be removed only while the job has more than one (never the last). */
export function canRemoveQuestion(job: { quests: readonly unknown[] }): boolean {
  return job.quests.length > 1;
}

/** The invitation link of a job (`/interview/{jobId}`), against the public web address. */
export function getInterviewUrl(publicUrl: string, jobId: string): string {
  return `${publicUrl.replace(/\/+$/u, '')}/interview/${encodeURIComponent(jobId)}`;
}

/** Share and send are enabled once the job is saved and has no errors. */
export function canShareJob(job: { _id?: string | null }, hasErrors: boolean): boolean {
  return Boolean(job._id) && !hasErrors;
}

/**
 * Whether candidates see a job's description: the editor's switch, or, for a job saved before
 * it existed, whether the description has text.
 */
export function isDescriptionShown(info: { desc?: string; isDescShown?: boolean }): boolean {
  return info.isDescShown ?? !isRichTextBlank(info.desc ?? '');
}
