import { hasPermission, isAdmin, isReviewer, type User } from '@candid/domain';
import {
  APPLICANT_OVERVIEW_PATH,
  INSIGHTS_PATH,
  INTEGRATIONS_PATH,
  TEAM_PATH,
} from '../../../common/routing/paths';

export type NavItemId =
  | 'applicants'
  | 'jobs'
  | 'insights'
  | 'templates'
  | 'team'
  | 'integrations'
  | 'accounts'
  | 'records'
  | 'activity';

export interface NavItem {
  id: NavItemId;
  path: string;
  /** i18n key of the link text. */
  labelKey: string;
  /** Admin pages are grouped under one "Admin" entry on wide screens. */
  isAdmin: boolean;
  /** False while the page is not built yet (its route shows not-found): no link leads there. */
  isBuilt?: boolean;
}

const APPLICANTS: NavItem = {
  id: 'applicants',
  path: APPLICANT_OVERVIEW_PATH,
  labelKey: 'shell.nav.applicants',
  isAdmin: false,
};
const JOBS: NavItem = {
  id: 'jobs',
  path: '/backoffice/job',
  labelKey: 'shell.nav.jobs',
  isAdmin: false,
};
const INSIGHTS: NavItem = {
  id: 'insights',
  path: INSIGHTS_PATH,
  labelKey: 'shell.nav.insights',
  isAdmin: false,
};
const TEMPLATES: NavItem = {
  id: 'templates',
  path: '/backoffice/template',
  labelKey: 'shell.nav.templates',
  isAdmin: false,
};
const TEAM: NavItem = {
  id: 'team',
  path: TEAM_PATH,
  labelKey: 'shell.team',
  isAdmin: false,
};
const INTEGRATIONS: NavItem = {
  id: 'integrations',
  path: INTEGRATIONS_PATH,
  labelKey: 'shell.integrations',
  isAdmin: false,
};
const ADMIN_ITEMS: readonly NavItem[] = [
  {
    id: 'accounts',
    path: '/backoffice/admin/account',
    labelKey: 'shell.nav.accounts',
    isAdmin: true,
  },
  {
    id: 'records',
    path: '/backoffice/admin/record',
    labelKey: 'shell.nav.records',
    isAdmin: true,
  },
  {
    id: 'activity',
    path: '/backoffice/admin/activity',
    labelKey: 'shell.nav.activity',
    isAdmin: true,
  },
];

/**
 * The back-office navigation a user sees: applicants, jobs, insights and the team for everyone
 * (the team screen itself says which plan it needs), templates with the TEMPLATES permission
 * (not for a reviewer, who only reviews the jobs they are assigned),
 * integrations for the organisation's owner, and the account, error-record and activity
 * overviews for role admin (an item marked `isBuilt: false` would stay hidden until its screen
 * exists). Team and integrations are in the user menu too, where people look for settings. The
 * web app only hides; the server enforces.
 */
export function getNavItems(
  user: Pick<User, 'perm' | 'advancedPrm' | 'role'> & { orgRole?: User['orgRole'] },
): NavItem[] {
  const items = [APPLICANTS, JOBS, INSIGHTS];
  if (hasPermission(user, 'TEMPLATES') && !isReviewer(user)) items.push(TEMPLATES);
  items.push(TEAM);
  if (user.orgRole === 'owner') items.push(INTEGRATIONS);
  if (isAdmin(user)) items.push(...ADMIN_ITEMS.filter((item) => item.isBuilt !== false));
  return items;
}

/** Whether a navigation item is the current page (its path or a path below it). */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}
