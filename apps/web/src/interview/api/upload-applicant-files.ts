import type { ApiClient } from '../../common/api/api-client';
import { withUploadTimeout } from '../../common/api/upload-timeout';

/**
 * `POST applicant/{id}/cv?name=` with the raw file: answers the stored CV name. Gives up after
 * the single-file upload timeout.
 */
export function uploadCv(api: ApiClient, applicantId: string, file: File) {
  return withUploadTimeout((signal) =>
    api.request<{ cv: string; key: string }>(`applicant/${encodeURIComponent(applicantId)}/cv`, {
      method: 'POST',
      params: { name: file.name },
      body: file,
      auth: 'candidate',
      signal,
    }),
  );
}

/** `POST applicant/{id}/image` with the 200×200 JPEG face crop: the applicant's picture (timed out like the CV). */
export function uploadFaceImage(api: ApiClient, applicantId: string, image: Blob) {
  return withUploadTimeout((signal) =>
    api.request<{ url: string; key: string }>(
      `applicant/${encodeURIComponent(applicantId)}/image`,
      { method: 'POST', body: image, auth: 'candidate', signal },
    ),
  );
}
