/**
 * The stable app URL of a public object (`GET /api/files/…`, served by modules/uploads); it
 * redirects to a short-lived signed URL. Here, below the modules, so any layer may name a file
 * (the job cards' applicant avatars, the profile image upload's answer).
 */
export function fileUrl(key: string): string {
  return `/api/files/${key}`;
}
