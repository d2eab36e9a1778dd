import { describe, expect, it } from 'vitest';
import { defaultTemplateQuestion } from '../jobs/question.schemas';
import { templateFilterSchema, templateSchema } from './template.schemas';

const template = {
  _id: 't1',
  title: 'Sales rep',
  owner: { fName: 'Rina' },
  quests: [defaultTemplateQuestion('q1')],
  createdAt: '2024-05-01T10:00:00.000Z',
};

describe('templateSchema', () => {
  it('applies defaults', () => {
    expect(templateSchema.parse(template)).toMatchObject({
      name: '',
      isDefault: false,
      coverUrl: '',
      archivedAt: null,
    });
  });

  it.each([
    ['no owner', { owner: undefined }],
    ['bad question', { quests: [{ id: 'q' }] }],
    ['bad date', { createdAt: 'now' }],
  ])('rejects %s', (_name, overrides) => {
    expect(templateSchema.safeParse({ ...template, ...overrides }).success).toBe(false);
  });

  it('filter', () => {
    expect(templateFilterSchema.parse({ showArchived: 'true' })).toMatchObject({
      showArchived: true,
      itemsPerPage: 30,
    });
  });
});
