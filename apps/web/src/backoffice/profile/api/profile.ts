import {
  sessionUserSchema,
  type NotificationPrefs,
  type ProfileInput,
  type SessionUser,
} from '@candid/domain';
import type { ApiClient } from '../../../common/api/api-client';

/** `PUT user/ {user}`: the logged-in user's profile. Answers the updated user. */
export async function updateProfile(api: ApiClient, input: ProfileInput): Promise<SessionUser> {
  return sessionUserSchema.parse(await api.put<unknown>('user/', { user: input }));
}

/** The query of the user's submitted-interview e-mail preferences (notifications). */
export const NOTIFICATION_PREFS_KEY = ['profile', 'notifications'] as const;

/** The logged-in user's e-mail preferences, read from `GET user/logged`. */
export async function getNotificationPrefs(api: ApiClient): Promise<NotificationPrefs> {
  return sessionUserSchema.parse(await api.get<unknown>('user/logged')).notifications;
}

/** `PUT user/ {user: {notifications}}`: answers the updated user. */
export async function updateNotificationPrefs(
  api: ApiClient,
  notifications: NotificationPrefs,
): Promise<SessionUser> {
  return sessionUserSchema.parse(await api.put<unknown>('user/', { user: { notifications } }));
}
