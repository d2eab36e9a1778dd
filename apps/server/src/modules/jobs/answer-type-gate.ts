import {
  getAnswerType,
  isAnswerTypeAllowed,
  type AnswerRule,
  type AnswerType,
  type PermissionSubject,
} from '@candid/domain';
import { AppError } from '../../lib/app-error';

interface GatedQuestion {
  id: string;
  ansRule: AnswerRule;
}

/**
 * The first answer type among `quests` that the user's plan does not permit (spec §6), or
 * null. A question that already had that type when last saved (`previous`) is let through:
 * after a downgrade the owner can still archive or edit the rest of an existing job; only
 * new choices are gated.
 */
export function findForbiddenAnswerType(
  subject: PermissionSubject,
  quests: readonly GatedQuestion[],
  previous: readonly GatedQuestion[] = [],
): AnswerType | null {
  const before = new Map(previous.map((quest) => [quest.id, getAnswerType(quest.ansRule)]));
  for (const quest of quests) {
    const type = getAnswerType(quest.ansRule);
    if (!type || isAnswerTypeAllowed(subject, type)) continue;
    if (before.get(quest.id) === type) continue;
    return type;
  }
  return null;
}

/** 403 FORBIDDEN_ERR when a question uses an answer type the plan does not permit. */
export function assertAnswerTypesAllowed(
  subject: PermissionSubject,
  quests: readonly GatedQuestion[],
  previous: readonly GatedQuestion[] = [],
): void {
  const forbidden = findForbiddenAnswerType(subject, quests, previous);
  if (forbidden) {
    throw new AppError('FORBIDDEN_ERR', { details: { answerType: forbidden } });
  }
}
