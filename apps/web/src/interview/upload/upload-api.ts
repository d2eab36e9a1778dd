import type { CandidateAnswerMap } from '@candid/domain';
import { API_BASE_URL } from '../../common/api/api-client';
import { buildQueryString, type QueryParams } from '../../common/api/query-string';

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

export interface UploadedPart {
  PartNumber: number;
  ETag: string;
}

/**
 * The candidate's upload calls (spec §7 "Uploads") with an explicit token: a recording that
 * resumes after a reload uploads with the token of the applicant it belongs to, which is not
 * necessarily the one in localStorage. The uploader retries; these calls do not.
 */
export interface UploadApi {
  startMultipart(
    token: string,
    fileKey: string,
    fileType: string,
    restart: boolean,
  ): Promise<string>;
  signPart(token: string, fileKey: string, uploadId: string, partNum: number): Promise<string>;
  putPart(signedUrl: string, body: Blob): Promise<string>;
  completeMultipart(
    token: string,
    fileKey: string,
    uploadId: string,
    parts: UploadedPart[],
  ): Promise<{ key: string; size: number; durationSec: number | null }>;
  saveAnswers(
    token: string,
    applicantId: string,
    jobId: string,
    answerMap: CandidateAnswerMap,
  ): Promise<void>;
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
  async startMultipart(token, fileKey, fileType, restart) {
    const result = await callJson<{ uploadId: string }>(token, 'GET', 'upload/start_multipart', {
      fileKey,
      fileType,
      restart: restart ? '1' : undefined,
    });
    return result.uploadId;
  },
  async signPart(token, fileKey, uploadId, partNum) {
    const result = await callJson<{ signedURL: string }>(token, 'GET', 'upload/sign_multipart', {
      fileKey,
      uploadId,
      partNum,
    });
    return result.signedURL;
  },
  async putPart(signedUrl, body) {
    let response: Response;
    try {
      response = await fetch(signedUrl, { method: 'PUT', body });
    } catch (error) {
      throw new UploadHttpError(0, error instanceof Error ? error.message : 'network error');
    }
    if (!response.ok) throw new UploadHttpError(response.status, await response.text());
    const etag = response.headers.get('ETag');
    if (!etag) throw new UploadHttpError(502, 'The part answer has no ETag');
    return etag;
  },
  completeMultipart(token, fileKey, uploadId, parts) {
    return callJson(token, 'POST', 'upload/complete_multipart', { fileKey, uploadId }, { parts });
  },
  async saveAnswers(token, applicantId, jobId, answerMap) {
    await callJson(
      token,
      'PUT',
      'applicant',
      {},
      { applicant: { id: applicantId, answerMap }, jobId },
    );
  },
};

/**
 * Records the quit (spec §2) while the page goes away: `fetch` with `keepalive`, because
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

/** `PUT applicant` with `timestamp.submitted` (409 until every answer is stored). */
export async function submitInterview(
  token: string,
  applicantId: string,
  jobId: string,
): Promise<void> {
  await callJson(
    token,
    'PUT',
    'applicant',
    {},
    { applicant: { id: applicantId, timestamp: { submitted: new Date().toISOString() } }, jobId },
  );
}
