import { hasPermission, isAdmin, type User } from '@candid/domain';
import { APPLICANT_OVERVIEW_PATH } from '../../../common/routing/paths';

export type NavItemId = 'applicants' | 'jobs' | 'templates' | 'accounts' | 'records' | 'activity';

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
const TEMPLATES: NavItem = {
  id: 'templates',
  path: '/backoffice/template',
  labelKey: 'shell.nav.templates',
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
 * The back-office navigation a user sees (spec §2, §6): applicants and jobs for everyone,
 * templates with the TEMPLATES permission, and the account, error-record and activity overviews
 * for role admin (an item marked `isBuilt: false` would stay hidden until its screen exists).
 * The web app only hides; the server enforces.
 */
export function getNavItems(user: Pick<User, 'perm' | 'advancedPrm' | 'role'>): NavItem[] {
  const items = [APPLICANTS, JOBS];
  if (hasPermission(user, 'TEMPLATES')) items.push(TEMPLATES);
  if (isAdmin(user)) items.push(...ADMIN_ITEMS.filter((item) => item.isBuilt !== false));
  return items;
}

/** Whether a navigation item is the current page (its path or a path below it). */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}
