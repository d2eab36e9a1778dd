import type { Question } from '@candid/domain';
import type { StoredQuestion } from '../../db/schema';
import { assertSafeMediaUrls, sanitizeRichText } from './rich-text';

/** A validated question from a job or template body (job-input / template-input schemas). */
export interface QuestionToStore {
  id: string;
  txt: string;
  desc: string;
  vidUrl: string | null;
  ansRule: Question['ansRule'];
  timeLimit: number;
  thinkTimeSec?: number | null;
  opts?: { txt: string; isCorrect: boolean }[];
  scoring?: Question['scoring'];
  knockoutStatus?: number | null;
}

/**
 * Questions as stored in a job or template row: the description sanitised, the video address
 * checked (400 when unsafe), options kept only where the question has them.
 */
export function toStoredQuests(quests: readonly QuestionToStore[]): StoredQuestion[] {
  return quests.map((quest, index) => {
    assertSafeMediaUrls({ [`quests.${index}.vidUrl`]: quest.vidUrl });
    return {
      id: quest.id,
      txt: quest.txt,
      desc: sanitizeRichText(quest.desc),
      vidUrl: quest.vidUrl || null,
      ansRule: { ...quest.ansRule },
      timeLimit: quest.timeLimit,
      // Thinking time is off unless set: stored only then, so older rows and off read alike.
      ...(quest.thinkTimeSec ? { thinkTimeSec: quest.thinkTimeSec } : {}),
      ...(quest.opts
        ? { opts: quest.opts.map((opt) => ({ txt: opt.txt, isCorrect: opt.isCorrect })) }
        : {}),
      // Scoring is stored only when on, so older rows and "none" read alike.
      ...(quest.scoring && quest.scoring !== 'none' ? { scoring: quest.scoring } : {}),
      ...(quest.scoring === 'knockout' && quest.knockoutStatus != null
        ? { knockoutStatus: quest.knockoutStatus }
        : {}),
    };
  });
}
