import { describe, expect, it } from 'vitest';
import { defaultJob } from '../jobs/job.rules';
import { addedQuestion, defaultQuestion } from '../jobs/question.schemas';
import { defaultTemplateTitle } from '../templates/template.rules';
import { getDefaultTexts } from './default-texts';

describe('default texts follow the recruiter language', () => {
  it('a Hebrew recruiter gets a Hebrew new job and default question', () => {
    const job = defaultJob({ lang: 'he', companyName: 'אקמה' });
    expect(job.info.title).toBe('משרה ללא שם');
    expect(job.quests[0]).toMatchObject({
      txt: 'הציגו את עצמכם',
      desc: 'ספרו לנו קצת על עצמכם',
    });
    expect(job.company.name).toBe('אקמה');
  });

  it('English stays the default for English and unknown languages', () => {
    expect(defaultJob().info.title).toBe('Untitled job');
    expect(defaultQuestion('q', 'fr').txt).toBe('Introduce yourself');
    expect(getDefaultTexts('en')).toMatchObject({ company: 'company', question: 'question' });
    expect(getDefaultTexts('he')).toMatchObject({ company: 'חברה', question: 'שאלה' });
  });

  it('an unnamed template is named in the recruiter language', () => {
    const now = new Date(2026, 0, 2, 3, 4);
    expect(defaultTemplateTitle(now, 'he')).toBe('תבנית ללא שם 2026-01-02 03:04');
    expect(defaultTemplateTitle(now)).toBe('Unnamed Template 2026-01-02 03:04');
  });

  it('an added question starts empty: the first question is not copied', () => {
    expect(addedQuestion(1)).toMatchObject({ txt: '', desc: '', timeLimit: 1 });
  });
});
