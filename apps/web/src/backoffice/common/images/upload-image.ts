import { uploadedImageResponseSchema, type UploadedImageResponse } from '@candid/domain';
import type { ApiClient } from '../../../common/api/api-client';

/** The images a user uploads from the back office: their avatar and a company logo. */
export type ImageKind = 'avatar' | 'logo';

/**
 * `POST upload/image?kind=…` with the image itself as the body (its Content-Type is the file's
 * type): answers the URL to keep in imgUrl or logoUrl.
 */
export async function uploadImage(
  api: ApiClient,
  kind: ImageKind,
  file: File,
): Promise<UploadedImageResponse> {
  return uploadedImageResponseSchema.parse(
    await api.post<unknown>('upload/image', file, { params: { kind } }),
  );
}
