/**
 * Interviews running in this page since it loaded: started from the onboarding, or continued
 * from the continue screen. Kept in memory on purpose: after a reload or a crash the set is
 * empty, so the interview route sends the candidate to the continue screen first (the camera
 * needs opening again, and an interrupted take needs their choice).
 */
const live = new Set<string>();

export function markInterviewLive(jobId: string): void {
  live.add(jobId);
}

export function isInterviewLive(jobId: string): boolean {
  return live.has(jobId);
}
