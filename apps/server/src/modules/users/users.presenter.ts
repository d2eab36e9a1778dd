import {
  DEFAULT_NOTIFICATION_PREFS,
  SUBMISSION_EMAIL_SCOPES,
  isLanguage,
  ROLES,
  toOrgRole,
  type NotificationPrefs,
  type Language,
  type Role,
  type SessionUser,
} from '@candid/domain';
import type { AuthUser } from '../../plugins/auth';
import type { UserRow } from './users.service';

export function toRole(role: string): Role {
  return role === ROLES.ADMIN ? ROLES.ADMIN : ROLES.USER;
}

function toLanguage(language: string): Language {
  return isLanguage(language) ? language : 'en';
}

/** A user row as the API returns it (User, wire names). The one place columns map to the wire. */
export function toUserDto(row: UserRow): SessionUser {
  return {
    _id: row.id,
    fName: row.fName,
    lName: row.lName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    imgUrl: row.imgUrl,
    companyName: row.companyName,
    companyId: row.orgId,
    logoUrl: row.logoUrl,
    coverUrls: row.coverUrls.map((cover) => ({
      url: cover.regular,
      ...(cover.small ? { smallUrl: cover.small } : {}),
    })),
    role: toRole(row.role),
    orgRole: toOrgRole(row.orgRole),
    lastLogin: row.lastLogin ? row.lastLogin.toISOString() : null,
    perm: row.perm,
    advancedPrm: row.advancedPrm,
    emailVerified: row.emailVerified,
    language: toLanguage(row.language),
    notifications: notificationPrefsOf(row),
  };
}

/** The row's submission e-mail preferences (unknown stored values read as the defaults). */
export function notificationPrefsOf(
  row: Pick<UserRow, 'notifyScope' | 'notifyMode'>,
): NotificationPrefs {
  return {
    scope: (SUBMISSION_EMAIL_SCOPES as readonly string[]).includes(row.notifyScope)
      ? row.notifyScope
      : DEFAULT_NOTIFICATION_PREFS.scope,
    mode: row.notifyMode === 'digest' ? 'digest' : 'each',
  };
}

/** The parts of a user the access token carries. */
export function toAuthUser(row: UserRow): AuthUser {
  return { id: row.id, orgId: row.orgId, role: toRole(row.role) };
}
