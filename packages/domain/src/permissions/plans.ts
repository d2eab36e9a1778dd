/**
 * Plans, features and the one permission check. The server
 * enforces these; the web app only hides or disables.
 */

/** Plan level codes; a higher code includes every lower one. */
export const PLANS = {
  STARTER: 0,
  BASIC: 1,
  PROFESSIONAL: 2,
  ENTERPRISE: 3,
  ALL_FEATURES: 999,
} as const;
export type PlanName = keyof typeof PLANS;
export type PlanCode = (typeof PLANS)[PlanName];

/** All plan codes, lowest first. */
export const PLAN_CODES: readonly PlanCode[] = Object.values(PLANS);

/** A new user's plan. */
export const DEFAULT_PLAN: PlanCode = PLANS.ALL_FEATURES;

export interface FeatureRule {
  /** Lowest plan that includes the feature. */
  readonly code: PlanCode;
  /** A blocked feature is off for everyone, whatever their plan or overrides. */
  readonly blocked: boolean;
}

/**
 * Features and the plan that unlocks each. None is blocked today.
 *
 * Ratings: every plan rates applicants and answers on a job's one overall criterion;
 * a scorecard of several criteria (CUSTOM_SCORECARD) needs the professional plan.
 */
export const FEATURES = {
  VIDEO_ANSWER: { code: PLANS.STARTER, blocked: false },
  UNLIMITED_INTERVIEWS: { code: PLANS.BASIC, blocked: false },
  SCREEN_ANSWER: { code: PLANS.PROFESSIONAL, blocked: false },
  TEMPLATES: { code: PLANS.ENTERPRISE, blocked: false },
  TEXT_ANSWER: { code: PLANS.ENTERPRISE, blocked: false },
  IMAGE_ANSWER: { code: PLANS.ENTERPRISE, blocked: false },
  CODE_ANSWER: { code: PLANS.ENTERPRISE, blocked: false },
  MULTIPLE_CHOICE_ANSWER: { code: PLANS.ENTERPRISE, blocked: false },
  BOOKMARKS: { code: PLANS.ENTERPRISE, blocked: false },
  MULTI_USER_ORGANIZATION: { code: PLANS.ENTERPRISE, blocked: false },
  MULTI_DEPARTMENT_ORGANIZATION: { code: PLANS.ENTERPRISE, blocked: false },
  /** Organisation API keys and webhooks: an ATS integration is an enterprise need. */
  INTEGRATIONS: { code: PLANS.ENTERPRISE, blocked: false },
  CUSTOM_SCORECARD: { code: PLANS.PROFESSIONAL, blocked: false },
  /**
   * Sharing applicants with a hiring manager who has no account: a hiring team's
   * tool, on the professional plan like the custom scorecard the guest fills in.
   */
  SHARE_LINKS: { code: PLANS.PROFESSIONAL, blocked: false },
} as const satisfies Record<string, FeatureRule>;

export type Feature = keyof typeof FEATURES;
/** Feature names in declaration order. */
export const FEATURE_NAMES = Object.keys(FEATURES) as Feature[];

/** The parts of a user a permission check reads. */
export interface PermissionSubject {
  /** Plan level code. */
  perm: number;
  /** Per-user overrides granting single features by name. */
  advancedPrm?: Record<string, boolean> | null;
}

/**
 * Whether the user may use a feature: never when the feature is blocked;
 * otherwise when the feature's plan code is at most the user's level, or when the user's
 * advancedPrm grants it by name. `features` exists so the blocked rule can be exercised.
 */
export function hasPermission(
  user: PermissionSubject,
  feature: Feature,
  features: Readonly<Record<Feature, FeatureRule>> = FEATURES,
): boolean {
  const rule = features[feature];
  if (rule.blocked) return false;
  if (rule.code <= user.perm) return true;
  return user.advancedPrm?.[feature] === true;
}

/** Every feature the user may use. */
export function getPermittedFeatures(user: PermissionSubject): Feature[] {
  return FEATURE_NAMES.filter((feature) => hasPermission(user, feature));
}

/** Role values. */
export const ROLES = { ADMIN: 'admin', USER: 'user' } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_VALUES = [ROLES.ADMIN, ROLES.USER] as const;

/** Admins see accounts, records and activities and may view the product as another account. */
export function isAdmin(user: { role?: string | null } | null | undefined): boolean {
  return user?.role === ROLES.ADMIN;
}

/** i18n key of a plan's display name, for the admin accounts table. */
export function planLabelKey(code: number): string {
  const entry = Object.entries(PLANS).find(([, value]) => value === code);
  const name = entry ? entry[0] : 'CUSTOM';
  return `plans.${name}`;
}

/** English plan names. */
export const PLAN_I18N_EN: Record<string, string> = {
  'plans.STARTER': 'Starter',
  'plans.BASIC': 'Basic',
  'plans.PROFESSIONAL': 'Professional',
  'plans.ENTERPRISE': 'Enterprise',
  'plans.ALL_FEATURES': 'All features',
  'plans.CUSTOM': 'Custom',
};
