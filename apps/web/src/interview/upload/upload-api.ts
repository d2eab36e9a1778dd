import type { CandidateAnswerMap } from '@candid/domain';
import { API_BASE_URL } from '../../common/api/api-client';
import { buildQueryString, type QueryParams } from '../../common/api/query-string';
import { useLanguageStore } from '../../common/stores/language-store';

/** A failed upload call: `status` 0 when nothing answered (offline, dropped connection). */
export class UploadHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadHttpError';
  }
}

/** Whether a failure is worth retrying: network failures, timeouts, 408, 429 and 5xx. */
export function isRetryableUploadError(error: unknown): boolean {
  if (!(error instanceof UploadHttpError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Where recordings go (tus 1.0); tus-js-client wants an absolute URL. */
export function tusEndpoint(): string {
  return new URL(`${API_BASE_URL}upload/tus`, window.location.href).toString();
}

/**
 * The candidate's calls around recordings with an explicit token: a recording that resumes
 * after a reload saves its answer with the token of the applicant it belongs to, which is not
 * necessarily the one in localStorage. The uploader retries; these calls do not.
 */
export interface UploadApi {
  saveAnswers(
    token: string,
    applicantId: string,
    jobId: string,
    answerMap: CandidateAnswerMap,
  ): Promise<void>;
  /**
   * Saves the answers still waiting (none: an empty map) and submits the interview in the
   * same `PUT applicant` (409 until every answer and recording is stored).
   */
  submit(
    token: string,
    applicantId: string,
    jobId: string,
    answerMap: CandidateAnswerMap,
  ): Promise<void>;
  /** Whether the server holds the interview as submitted (after a submit without answer). */
  isSubmitted(token: string, applicantId: string): Promise<boolean>;
}

async function callJson<T>(
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  params: QueryParams,
  body?: unknown,
  keepalive = false,
): Promise<T> {
  const query = buildQueryString(params);
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}${path}${query ? `?${query}` : ''}`, {
      method,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      keepalive,
    });
  } catch (error) {
    throw new UploadHttpError(0, error instanceof Error ? error.message : 'network error');
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new UploadHttpError(response.status, text || response.statusText);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const browserUploadApi: UploadApi = {
  async saveAnswers(token, applicantId, jobId, answerMap) {
    await callJson(
      token,
      'PUT',
      'applicant',
      {},
      { applicant: { id: applicantId, answerMap }, jobId },
    );
  },
  async submit(token, applicantId, jobId, answerMap) {
    const submitted = { timestamp: { submitted: new Date().toISOString() } };
    await callJson(
      token,
      'PUT',
      'applicant',
      {},
      {
        applicant: {
          id: applicantId,
          ...(Object.keys(answerMap).length > 0 ? { answerMap } : {}),
          ...submitted,
        },
        jobId,
        // The confirmation e-mail is written in the language the candidate reads the app in.
        language: useLanguageStore.getState().language,
      },
    );
  },
  async isSubmitted(token, applicantId) {
    const { applicant } = await callJson<{
      applicant: { timestamp: { submitted: string | null } };
    }>(token, 'GET', `applicant/${encodeURIComponent(applicantId)}`, {});
    return Boolean(applicant.timestamp.submitted);
  },
};

/**
 * Records the quit while the page goes away: `fetch` with `keepalive`, because
 * `navigator.sendBeacon` cannot carry the bearer token.
 */
export function sendQuit(token: string, applicantId: string, jobId: string): void {
  void callJson(
    token,
    'PUT',
    'applicant',
    {},
    { applicant: { id: applicantId, timestamp: { quited: new Date().toISOString() } }, jobId },
    true,
  ).catch(() => undefined);
}
