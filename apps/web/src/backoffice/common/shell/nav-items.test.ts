import { PLANS } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import { getNavItems, isNavItemActive } from './nav-items';

describe('getNavItems', () => {
  it.each([
    [
      'a starter user',
      { perm: PLANS.STARTER, role: 'user' as const },
      ['applicants', 'jobs', 'insights', 'team'],
    ],
    [
      'a professional user',
      { perm: PLANS.PROFESSIONAL, role: 'user' as const },
      ['applicants', 'jobs', 'insights', 'team'],
    ],
    [
      'an enterprise user (templates permission)',
      { perm: PLANS.ENTERPRISE, role: 'user' as const },
      ['applicants', 'jobs', 'insights', 'templates', 'team'],
    ],
    [
      'a starter user granted TEMPLATES by advancedPrm',
      { perm: PLANS.STARTER, role: 'user' as const, advancedPrm: { TEMPLATES: true } },
      ['applicants', 'jobs', 'insights', 'templates', 'team'],
    ],
    [
      'the owner of an organisation (integrations)',
      { perm: PLANS.STARTER, role: 'user' as const, orgRole: 'owner' as const },
      ['applicants', 'jobs', 'insights', 'team', 'integrations'],
    ],
    [
      'a recruiter on the enterprise plan',
      { perm: PLANS.ENTERPRISE, role: 'user' as const, orgRole: 'recruiter' as const },
      ['applicants', 'jobs', 'insights', 'templates', 'team'],
    ],
    [
      'a reviewer on the enterprise plan (no templates: they only review)',
      { perm: PLANS.ENTERPRISE, role: 'user' as const, orgRole: 'reviewer' as const },
      ['applicants', 'jobs', 'insights', 'team'],
    ],
    [
      'an admin on the starter plan',
      { perm: PLANS.STARTER, role: 'admin' as const },
      ['applicants', 'jobs', 'insights', 'team', 'accounts', 'records', 'activity'],
    ],
    [
      'an admin with every feature',
      { perm: PLANS.ALL_FEATURES, role: 'admin' as const },
      ['applicants', 'jobs', 'insights', 'templates', 'team', 'accounts', 'records', 'activity'],
    ],
  ])('%s sees %j', (_label, user, expected) => {
    expect(getNavItems({ advancedPrm: {}, ...user }).map((item) => item.id)).toEqual(expected);
  });

  it('marks an item active on its path and the paths below it only', () => {
    const [applicants] = getNavItems({ perm: 0, role: 'user', advancedPrm: {} });
    expect(isNavItemActive(applicants!, '/backoffice/applicant')).toBe(true);
    expect(isNavItemActive(applicants!, '/backoffice/applicant/job-1')).toBe(true);
    expect(isNavItemActive(applicants!, '/backoffice/applicants')).toBe(false);
    expect(isNavItemActive(applicants!, '/backoffice/job')).toBe(false);
  });
});
