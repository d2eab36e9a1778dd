/**
 * Archive toggle shared by jobs, templates and applicants: an empty archivedAt
 * becomes now (archived); a set one becomes null (restored).
 */
export function toggleArchivedAt(archivedAt: string | null | undefined, now: Date): string | null {
  return archivedAt ? null : now.toISOString();
}

/** Whether an item is archived. */
export function isArchived(item: { archivedAt?: string | null }): boolean {
  return Boolean(item.archivedAt);
}

/** Archive views are the routes whose path contains "archive". */
export function isArchivePath(pathname: string): boolean {
  return pathname.includes('archive');
}
