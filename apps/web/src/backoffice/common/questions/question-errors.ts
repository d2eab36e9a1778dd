/** The problems of one question, as i18n keys, by field. */
export interface QuestionErrors {
  txt?: string;
  ansRule?: string;
  opts?: string;
  timeLimit?: string;
}

/**
 * Question errors from a job or template validation (`quests.N.field` issue paths), so each
 * question card shows its own.
 */
export function getQuestionErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Map<number, QuestionErrors> {
  const byQuestion = new Map<number, QuestionErrors>();
  for (const issue of issues) {
    const [root, index, field] = issue.path;
    if (root !== 'quests' || typeof index !== 'number' || typeof field !== 'string') continue;
    if (field !== 'txt' && field !== 'ansRule' && field !== 'opts' && field !== 'timeLimit')
      continue;
    const errors = byQuestion.get(index) ?? {};
    errors[field] ??= issue.message;
    byQuestion.set(index, errors);
  }
  return byQuestion;
}
