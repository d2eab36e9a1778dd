import { getAnswerType } from './answer-rule';
import type { Question } from './question.schemas';

/**
 * Knockout scoring (docs/features.md, "Scoring and knockout questions"): a multiple-choice
 * question with a correct option may be scored (counts toward the applicant's score) or a
 * knockout (scored too, and a wrong answer may set a chosen status). Candidates are never told.
 */
export const QUESTION_SCORINGS = ['none', 'scored', 'knockout'] as const;
export type QuestionScoring = (typeof QUESTION_SCORINGS)[number];

type ScorableQuestion = Pick<Question, 'id' | 'ansRule' | 'opts' | 'scoring' | 'knockoutStatus'>;

/** Whether a question can be scored at all: multiple choice with at least one correct option. */
export function canScoreQuestion(quest: Pick<Question, 'ansRule' | 'opts'>): boolean {
  return (
    getAnswerType(quest.ansRule) === 'multipleChoice' &&
    (quest.opts ?? []).some((opt) => opt.isCorrect)
  );
}

/** Whether the question counts toward the score (scored or knockout, and scorable). */
export function isScoredQuestion(quest: ScorableQuestion): boolean {
  return (quest.scoring === 'scored' || quest.scoring === 'knockout') && canScoreQuestion(quest);
}

/** Right when the chosen options are exactly the correct ones. */
export function isChoiceCorrect(quest: Pick<Question, 'opts'>, chosen: readonly number[]): boolean {
  const correct = (quest.opts ?? []).flatMap((opt, index) => (opt.isCorrect ? [index] : []));
  const picked = [...new Set(chosen)].sort((a, b) => a - b);
  return correct.length === picked.length && correct.every((index, i) => picked[i] === index);
}

export interface ApplicantScore {
  /** Share of the scored questions answered right, 0–100; null when the job scores none. */
  scorePct: number | null;
  /** The first knockout question answered wrong, with the status it sets (null: none set). */
  knockout: { questId: string; status: number | null } | null;
}

/**
 * The score of a set of answers (`optIdx` per question id): a scored question left unanswered
 * counts as wrong; a knockout only when answered wrong.
 */
export function scoreAnswers(
  quests: readonly ScorableQuestion[],
  answers: Readonly<Record<string, { optIdx?: number[] } | undefined>>,
): ApplicantScore {
  const scored = quests.filter(isScoredQuestion);
  let right = 0;
  let knockout: ApplicantScore['knockout'] = null;
  for (const quest of scored) {
    const chosen = answers[quest.id]?.optIdx;
    const isRight = chosen !== undefined && isChoiceCorrect(quest, chosen);
    if (isRight) right += 1;
    if (!isRight && chosen !== undefined && quest.scoring === 'knockout' && !knockout) {
      knockout = { questId: quest.id, status: quest.knockoutStatus ?? null };
    }
  }
  return {
    scorePct: scored.length === 0 ? null : Math.round((right / scored.length) * 100),
    knockout,
  };
}
