import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFS,
  notificationPrefsSchema,
  wantsSubmissionEmail,
} from './notifications';

describe('submission e-mails (notifications)', () => {
  it('go by default to the job owner only, one per interview', () => {
    expect(DEFAULT_NOTIFICATION_PREFS).toEqual({ scope: 'mine', mode: 'each' });
    expect(wantsSubmissionEmail(DEFAULT_NOTIFICATION_PREFS, true)).toBe(true);
    expect(wantsSubmissionEmail(DEFAULT_NOTIFICATION_PREFS, false)).toBe(false);
  });

  it('reach a member who opted in for every job, and nobody who turned them off', () => {
    expect(wantsSubmissionEmail({ scope: 'all', mode: 'each' }, false)).toBe(true);
    expect(wantsSubmissionEmail({ scope: 'all', mode: 'digest' }, true)).toBe(true);
    expect(wantsSubmissionEmail({ scope: 'off', mode: 'each' }, true)).toBe(false);
  });

  it('accept only the known scopes and modes', () => {
    expect(notificationPrefsSchema.safeParse({ scope: 'mine', mode: 'digest' }).success).toBe(true);
    expect(notificationPrefsSchema.safeParse({ scope: 'team', mode: 'each' }).success).toBe(false);
    expect(notificationPrefsSchema.safeParse({ scope: 'all', mode: 'weekly' }).success).toBe(false);
  });
});
