import { uploadedImageResponseSchema, type UploadedImageResponse } from '@candid/domain';
import type { ApiClient } from '../../../common/api/api-client';
import { withUploadTimeout } from '../../../common/api/upload-timeout';

/** The images a user uploads from the back office: their avatar and a company logo. */
export type ImageKind = 'avatar' | 'logo';

/**
 * `POST upload/image?kind=…` with the image itself as the body (its Content-Type is the file's
 * type): answers the URL to keep in imgUrl or logoUrl. Gives up after the single-file upload
 * timeout.
 */
export async function uploadImage(
  api: ApiClient,
  kind: ImageKind,
  file: File,
): Promise<UploadedImageResponse> {
  return uploadedImageResponseSchema.parse(
    await withUploadTimeout((signal) =>
      api.post<unknown>('upload/image', file, { params: { kind }, signal }),
    ),
  );
}
