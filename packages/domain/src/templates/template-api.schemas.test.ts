import { describe, expect, it } from 'vitest';
import { answerRuleFor } from '../jobs/answer-rule';
import { VALIDATION_KEYS } from '../validation/validation-keys';
import {
  fillTemplateBlanks,
  isBuiltInTemplate,
  templateListQuerySchema,
  templateSaveInputSchema,
  templateUpdateInputSchema,
} from './template-api.schemas';

const question = (overrides: Record<string, unknown> = {}) => ({
  txt: 'Q',
  ansRule: answerRuleFor('video'),
  ...overrides,
});

describe('templateSaveInputSchema', () => {
  it('lets a blank or missing title through for the server to name, and fills question blanks', () => {
    const parsed = templateSaveInputSchema.parse({ quests: [question()] });
    expect(parsed.title).toBe('');
    expect(parsed.quests[0]!.timeLimit).toBe(1);
    expect(parsed.quests[0]!.id).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(templateSaveInputSchema.parse({ title: '  x ', quests: [question()] }).title).toBe('x');
  });

  it.each([
    [{ quests: [question({ txt: '' })] }, VALIDATION_KEYS.REQUIRED_VALIDATE],
    [{ quests: [question({ timeLimit: 0 })] }, VALIDATION_KEYS.OUT_OF_RANGE_VALIDATE],
    [
      { quests: [question({ ansRule: answerRuleFor('image') })] },
      VALIDATION_KEYS.ANSWER_TYPE_NOT_ACCEPTED,
    ],
    [{ quests: [] }, VALIDATION_KEYS.QUESTIONS_REQUIRED],
  ])('keeps the template rules: %o → %s', (template, key) => {
    const result = templateSaveInputSchema.safeParse({ title: 'T', ...template });
    expect(result.error?.issues.map((issue) => issue.message)).toContain(key);
  });

  it('requires the id on update', () => {
    expect(templateUpdateInputSchema.safeParse({ title: 'T', quests: [question()] }).success).toBe(
      false,
    );
    expect(
      templateUpdateInputSchema.safeParse({ _id: 't1', title: 'T', quests: [question()] }).success,
    ).toBe(true);
  });

  it('passes non-objects through untouched', () => {
    expect(fillTemplateBlanks(null)).toBeNull();
    expect(fillTemplateBlanks([1])).toEqual([1]);
  });
});

describe('template list query and built-in templates', () => {
  it('defaults to the first page of 30 active templates', () => {
    expect(templateListQuerySchema.parse({ viewAsId: '' })).toEqual({
      txt: '',
      showArchived: false,
      currPage: 1,
      itemsPerPage: 30,
      viewAsId: undefined,
    });
  });

  it('tells built-in templates (no owner id) from an organisation’s', () => {
    expect(isBuiltInTemplate({ owner: {} })).toBe(true);
    expect(isBuiltInTemplate({ owner: { _id: 'u1' } })).toBe(false);
  });
});
