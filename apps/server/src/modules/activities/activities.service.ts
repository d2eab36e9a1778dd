import type { ActivityTarget, ActivityType } from '@candid/domain';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema';

export interface NewActivity {
  type: ActivityType;
  target: ActivityTarget;
  /** The acting user; null for a guest (a candidate). */
  userId: string | null;
  orgId: string | null;
  desc?: string;
  meta?: Record<string, unknown>;
  date: Date;
}

/** Records what a user or guest did, for the admin activity overview (spec §3 Activity). */
export async function recordActivity(db: Db, activity: NewActivity): Promise<void> {
  await db.insert(activities).values({
    type: activity.type,
    target: activity.target,
    userId: activity.userId,
    orgId: activity.orgId,
    description: activity.desc ?? '',
    meta: activity.meta ?? {},
    date: activity.date,
  });
}
