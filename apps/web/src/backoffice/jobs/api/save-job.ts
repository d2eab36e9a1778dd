import { jobSchema, updateJobsResponseSchema, type Job, type JobDraft } from '@candid/domain';
import type { ApiClient } from '../../../common/api/api-client';

/** What the job calls send of a job: the editable parts (applicants are never sent). */
export function toJobPayload(job: JobDraft | Job) {
  return {
    ...(job._id ? { _id: job._id } : {}),
    info: job.info,
    company: job.company,
    rule: job.rule,
    quests: job.quests,
    ...(job.departmentId !== undefined ? { departmentId: job.departmentId } : {}),
    archivedAt: job.archivedAt ?? null,
    closesAt: job.closesAt ?? null,
    statusStages: job.statusStages,
    scorecard: job.scorecard,
  };
}

/** `POST job {job}`: creates the job and answers it with its id. */
export async function createJob(api: ApiClient, job: JobDraft): Promise<Job> {
  return jobSchema.parse(await api.post<unknown>('job', { job: toJobPayload(job) }));
}

/** `PUT job {jobs[]}`: saves jobs that have ids, all or nothing. */
export async function updateJobs(api: ApiClient, jobs: (JobDraft | Job)[]): Promise<Job[]> {
  const answer = updateJobsResponseSchema.parse(
    await api.put<unknown>('job', { jobs: jobs.map(toJobPayload) }),
  );
  return answer.jobs;
}
