import type { ApiClient } from '../../common/api/api-client';

/** `POST applicant/{id}/cv?name=` with the raw file (spec §5): answers the stored CV name. */
export function uploadCv(api: ApiClient, applicantId: string, file: File) {
  return api.request<{ cv: string; key: string }>(
    `applicant/${encodeURIComponent(applicantId)}/cv`,
    { method: 'POST', params: { name: file.name }, body: file, auth: 'candidate' },
  );
}

/** `POST applicant/{id}/image` with the 200×200 JPEG face crop: the applicant's picture. */
export function uploadFaceImage(api: ApiClient, applicantId: string, image: Blob) {
  return api.request<{ url: string; key: string }>(
    `applicant/${encodeURIComponent(applicantId)}/image`,
    { method: 'POST', body: image, auth: 'candidate' },
  );
}
