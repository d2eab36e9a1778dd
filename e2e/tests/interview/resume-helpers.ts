import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { apiCall, type Recruiter } from '../../fixtures/api';
import { expect } from '../../fixtures/test';
import type { RecordedTake } from './interview-resilience-helpers';

type Messages = { [key: string]: string | Messages };
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../apps/web/src/locales');
const messages: Record<'en' | 'he', Messages> = {
  en: JSON.parse(readFileSync(path.join(LOCALES_DIR, 'en.json'), 'utf8')) as Messages,
  he: JSON.parse(readFileSync(path.join(LOCALES_DIR, 'he.json'), 'utf8')) as Messages,
};

/** The app's own text of `key` in `lang`, `{{name}}` values filled in (as i18next does). */
export function text(lang: 'en' | 'he', key: string, values: Record<string, unknown> = {}) {
  let found: string | Messages | undefined = messages[lang];
  for (const part of key.split('.')) {
    found = typeof found === 'object' ? found[part] : undefined;
  }
  if (typeof found !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}

/** The recruiter's overview of the job's applicants (`GET job/applicant?jobId=`). */
export async function recruiterApplicants(
  request: APIRequestContext,
  recruiter: Recruiter,
  jobId: string,
): Promise<{ id: string; info: { email: string } }[]> {
  const list = await apiCall<{ applicants: { id: string; info: { email: string } }[] }>(
    request,
    recruiter,
    'GET',
    `job/applicant?jobId=${jobId}`,
  );
  return list.applicants;
}

export interface RecruiterAnswer {
  resTime: number;
  faceUrl: string | null;
  txt: string | null;
  faceDurationSec: number | null;
}

/** What the recruiter gets of one applicant: its timeline and its answers with durations. */
export async function recruiterView(
  request: APIRequestContext,
  recruiter: Recruiter,
  jobId: string,
  applicantId: string,
): Promise<{
  activities: string[];
  quited: string | null;
  submitted: string | null;
  answers: Record<string, RecruiterAnswer>;
}> {
  const { applicant } = await apiCall<{
    applicant: {
      timeline: { type: string; activity?: string }[];
      timestamp: { quited: string | null; submitted: string | null };
    };
  }>(request, recruiter, 'GET', `job/${jobId}/${applicantId}`);
  const videos = await apiCall<{ answerMap: Record<string, RecruiterAnswer> }>(
    request,
    recruiter,
    'GET',
    `job/applicantVideos/${applicantId}/${jobId}`,
  );
  return {
    activities: applicant.timeline.flatMap((event) =>
      event.type === 'activity' && event.activity ? [event.activity] : [],
    ),
    quited: applicant.timestamp.quited,
    submitted: applicant.timestamp.submitted,
    answers: videos.answerMap,
  };
}

/**
 * A stored recording's length against what the browser recorded: one chunk a second, so a take
 * of n counted chunks lasts at least about n seconds; a take cut off by a reload or a crash may
 * lose the chunk in hand (at most the last second), never more. It cannot last longer than the
 * time from the recorder's start to its last chunk (on a loaded machine the browser may hand
 * over fewer, longer chunks, so the count alone is no upper bound).
 */
export function expectDurationOfChunks(durationSec: number | null, take: RecordedTake): void {
  expect(durationSec).not.toBeNull();
  expect(durationSec!).toBeGreaterThanOrEqual(take.marks.length - 2);
  const lastAt = take.marks.at(-1)?.at ?? take.startedAt;
  expect(durationSec!).toBeLessThanOrEqual((lastAt - take.startedAt) / 1000 + 1);
}

/** Records a measured time in the test's report (speed is measured here, never asserted). */
export function reportTime(testInfo: TestInfo, name: string, ms: number): void {
  testInfo.annotations.push({ type: name, description: `${Math.round(ms)} ms` });
  console.log(`[measure] ${testInfo.title} :: ${name}: ${Math.round(ms)} ms`);
}
