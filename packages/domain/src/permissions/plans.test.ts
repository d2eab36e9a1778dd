import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLAN,
  FEATURE_NAMES,
  FEATURES,
  getPermittedFeatures,
  hasPermission,
  isAdmin,
  PLAN_I18N_EN,
  planLabelKey,
  PLANS,
  ROLES,
} from './plans';
import type { Feature, FeatureRule } from './plans';

describe('plans and features', () => {
  it('plan codes', () => {
    expect(PLANS).toEqual({
      STARTER: 0,
      BASIC: 1,
      PROFESSIONAL: 2,
      ENTERPRISE: 3,
      ALL_FEATURES: 999,
    });
    expect(DEFAULT_PLAN).toBe(999);
  });

  it.each<[Feature, number]>([
    ['VIDEO_ANSWER', 0],
    ['UNLIMITED_INTERVIEWS', 1],
    ['SCREEN_ANSWER', 2],
    ['TEMPLATES', 3],
    ['TEXT_ANSWER', 3],
    ['IMAGE_ANSWER', 3],
    ['CODE_ANSWER', 3],
    ['MULTIPLE_CHOICE_ANSWER', 3],
    ['BOOKMARKS', 3],
    ['MULTI_USER_ORGANIZATION', 3],
    ['MULTI_DEPARTMENT_ORGANIZATION', 3],
    ['INTEGRATIONS', 3],
    ['CUSTOM_SCORECARD', 2],
    ['SHARE_LINKS', 2],
  ])('%s is unlocked by plan %i and not blocked', (feature, code) => {
    expect(FEATURES[feature]).toEqual({ code, blocked: false });
  });

  it('lists the eleven spec features, integrations, the custom scorecard and share links', () => {
    expect(FEATURE_NAMES).toHaveLength(14);
  });
});

/** Expected access per plan: the feature's unlocking plan is at most the user's. */
const PLAN_MATRIX: [Feature, boolean, boolean, boolean, boolean, boolean][] = [
  //                               starter basic  prof   enterp all
  ['VIDEO_ANSWER', /*          */ true, true, true, true, true],
  ['UNLIMITED_INTERVIEWS', /*  */ false, true, true, true, true],
  ['SCREEN_ANSWER', /*         */ false, false, true, true, true],
  ['TEMPLATES', /*             */ false, false, false, true, true],
  ['TEXT_ANSWER', /*           */ false, false, false, true, true],
  ['IMAGE_ANSWER', /*          */ false, false, false, true, true],
  ['CODE_ANSWER', /*           */ false, false, false, true, true],
  ['MULTIPLE_CHOICE_ANSWER', /**/ false, false, false, true, true],
  ['BOOKMARKS', /*             */ false, false, false, true, true],
  ['MULTI_USER_ORGANIZATION', /**/ false, false, false, true, true],
  ['MULTI_DEPARTMENT_ORGANIZATION', false, false, false, true, true],
  ['INTEGRATIONS', /*          */ false, false, false, true, true],
  ['CUSTOM_SCORECARD', /*      */ false, false, true, true, true],
  ['SHARE_LINKS', /*           */ false, false, true, true, true],
];

const PLAN_ORDER = [
  PLANS.STARTER,
  PLANS.BASIC,
  PLANS.PROFESSIONAL,
  PLANS.ENTERPRISE,
  PLANS.ALL_FEATURES,
];

describe('hasPermission by plan', () => {
  const cases = PLAN_MATRIX.flatMap(([feature, ...allowed]) =>
    PLAN_ORDER.map((perm, i) => [feature, perm, allowed[i] ?? false] as const),
  );
  it.each(cases)('%s for plan %i → %s', (feature, perm, expected) => {
    expect(hasPermission({ perm }, feature)).toBe(expected);
    // null and empty overrides change nothing.
    expect(hasPermission({ perm, advancedPrm: null }, feature)).toBe(expected);
    expect(hasPermission({ perm, advancedPrm: {} }, feature)).toBe(expected);
  });
});

describe('hasPermission with advancedPrm', () => {
  it.each(FEATURE_NAMES.map((feature) => [feature]))(
    'a starter granted %s by name has it; other features stay as the plan says',
    (feature) => {
      const user = { perm: PLANS.STARTER, advancedPrm: { [feature]: true } };
      expect(hasPermission(user, feature)).toBe(true);
      for (const other of FEATURE_NAMES.filter((f) => f !== feature)) {
        expect(hasPermission(user, other)).toBe(FEATURES[other].code <= PLANS.STARTER);
      }
    },
  );

  it.each([
    [{ TEMPLATES: false }, false],
    [{ templates: true }, false],
    [{ TEMPLATES: true }, true],
  ])('only an exact true grant counts: %j → %s', (advancedPrm, expected) => {
    expect(hasPermission({ perm: PLANS.BASIC, advancedPrm }, 'TEMPLATES')).toBe(expected);
  });

  it('an override of false does not take away what the plan gives', () => {
    expect(
      hasPermission({ perm: PLANS.ENTERPRISE, advancedPrm: { TEMPLATES: false } }, 'TEMPLATES'),
    ).toBe(true);
  });
});

describe('hasPermission with a blocked feature', () => {
  const blockedTemplates: Record<Feature, FeatureRule> = {
    ...FEATURES,
    TEMPLATES: { code: PLANS.ENTERPRISE, blocked: true },
  };

  it.each([
    ['all-features plan', { perm: PLANS.ALL_FEATURES }],
    ['enterprise plan', { perm: PLANS.ENTERPRISE }],
    ['an advancedPrm grant', { perm: PLANS.STARTER, advancedPrm: { TEMPLATES: true } }],
  ])('is refused even with the %s', (_name, user) => {
    expect(hasPermission(user, 'TEMPLATES', blockedTemplates)).toBe(false);
    expect(hasPermission(user, 'TEMPLATES')).toBe(true);
  });

  it('leaves other features alone', () => {
    expect(hasPermission({ perm: PLANS.ALL_FEATURES }, 'BOOKMARKS', blockedTemplates)).toBe(true);
  });
});

describe('getPermittedFeatures', () => {
  it.each([
    [PLANS.STARTER, ['VIDEO_ANSWER']],
    [PLANS.BASIC, ['VIDEO_ANSWER', 'UNLIMITED_INTERVIEWS']],
    [
      PLANS.PROFESSIONAL,
      ['VIDEO_ANSWER', 'UNLIMITED_INTERVIEWS', 'SCREEN_ANSWER', 'CUSTOM_SCORECARD', 'SHARE_LINKS'],
    ],
  ])('plan %i → %j', (perm, features) => {
    expect(getPermittedFeatures({ perm })).toEqual(features);
  });

  it('enterprise and all-features get everything', () => {
    expect(getPermittedFeatures({ perm: PLANS.ENTERPRISE })).toEqual(FEATURE_NAMES);
    expect(getPermittedFeatures({ perm: PLANS.ALL_FEATURES })).toEqual(FEATURE_NAMES);
  });
});

describe('roles', () => {
  it.each([
    [{ role: 'admin' }, true],
    [{ role: 'user' }, false],
    [{ role: 'ADMIN' }, false],
    [{ role: null }, false],
    [{}, false],
    [null, false],
    [undefined, false],
  ])('isAdmin(%j) → %s', (user, expected) => {
    expect(isAdmin(user)).toBe(expected);
  });

  it('role values', () => {
    expect(ROLES).toEqual({ ADMIN: 'admin', USER: 'user' });
  });
});

describe('planLabelKey', () => {
  it.each([
    [0, 'plans.STARTER'],
    [1, 'plans.BASIC'],
    [2, 'plans.PROFESSIONAL'],
    [3, 'plans.ENTERPRISE'],
    [999, 'plans.ALL_FEATURES'],
    [7, 'plans.CUSTOM'],
  ])('%i → %s (with an English name)', (code, key) => {
    expect(planLabelKey(code)).toBe(key);
    expect(PLAN_I18N_EN[key]).toBeTruthy();
  });
});
