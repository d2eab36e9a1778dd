import type { ShareLink } from '@candid/domain';
import type { shareLinks } from '../../db/schema';

/** A link row with its creator's name and the applicants it opens. */
export interface ShareLinkRow {
  link: typeof shareLinks.$inferSelect;
  creatorName: string | null;
  applicantIds: string[];
}

/** A link as the recruiter sees it: never its token or hash. */
export function toShareLink({ link, creatorName, applicantIds }: ShareLinkRow): ShareLink {
  return {
    _id: link.id,
    guestName: link.guestName,
    guestEmail: link.guestEmail,
    createdBy: creatorName,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt ? link.revokedAt.toISOString() : null,
    viewCount: link.viewCount,
    lastViewedAt: link.lastViewedAt ? link.lastViewedAt.toISOString() : null,
    applicantIds,
  };
}
