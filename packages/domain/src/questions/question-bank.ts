import { z } from 'zod';
import { PEOPLE_QUESTIONS } from './question-bank-people';
import { WORK_QUESTIONS } from './question-bank-work';
import { bankQuestionSchema, type BankQuestion } from './question-library.schemas';

/**
 * The built-in question bank every organisation's editors offer ("Add from library"), parsed
 * once so a malformed entry fails at load (and in its test), not in a recruiter's editor.
 */
export const QUESTION_BANK: readonly BankQuestion[] = z
  .array(bankQuestionSchema)
  .parse([...PEOPLE_QUESTIONS, ...WORK_QUESTIONS]);
