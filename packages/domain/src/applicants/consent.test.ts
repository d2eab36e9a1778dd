import { describe, expect, it } from 'vitest';
import {
  candidateConsentSchema,
  consentNoticeText,
  standardConsentNotice,
  updateConsentNoticeBodySchema,
} from './consent';

describe('consent notice', () => {
  it('quotes the company and the retention period in the standard text, in both languages', () => {
    const en = standardConsentNotice('en', { company: 'Acme', retentionMonths: 6 });
    expect(en).toContain('only the recruiters of Acme');
    expect(en).toContain('deleted with its recordings 6 months later');
    expect(en).toContain('ask Acme at any time for a copy of your data or to delete it');
    expect(standardConsentNotice('en', { company: ' ', retentionMonths: null })).toContain(
      'recruiters of the organisation',
    );
    const he = standardConsentNotice('he', { company: 'Acme', retentionMonths: 12 });
    expect(he).toContain('12 חודשים');
    expect(he).toContain('Acme');
    expect(standardConsentNotice('he', { company: 'Acme', retentionMonths: null })).toContain(
      'עד שהארגון מוחק אותו',
    );
  });

  it("shows the organisation's own text for a language, else the standard one", () => {
    const params = { company: 'Acme', retentionMonths: null, custom: { en: ' Ours. ', he: '' } };
    expect(consentNoticeText('en', params)).toBe('Ours.');
    expect(consentNoticeText('he', params)).toContain('מה מוקלט');
    expect(consentNoticeText('en', { ...params, custom: null })).toContain('What is recorded');
  });

  it('validates what the candidate and the owner send', () => {
    expect(candidateConsentSchema.safeParse({ version: 2, language: 'he' }).success).toBe(true);
    for (const bad of [
      { version: -1, language: 'en' },
      { version: 1.5, language: 'en' },
      { version: 1 },
    ]) {
      expect(candidateConsentSchema.safeParse(bad).success).toBe(false);
    }
    expect(
      updateConsentNoticeBodySchema.safeParse({ texts: { en: 'x'.repeat(5001), he: '' } }).success,
    ).toBe(false);
  });
});
