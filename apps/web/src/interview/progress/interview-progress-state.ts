/** sessionStorage key set once an applicant reached the end screen (end → inprogress goes back). */
export function endedStorageKey(jobId: string): string {
  return `candid.interview.${jobId}.ended`;
}

export function markInterviewEnded(jobId: string, applicantId: string): void {
  sessionStorage.setItem(endedStorageKey(jobId), applicantId);
}

export function hasInterviewEnded(jobId: string, applicantId: string | undefined): boolean {
  return (
    applicantId !== undefined && sessionStorage.getItem(endedStorageKey(jobId)) === applicantId
  );
}
