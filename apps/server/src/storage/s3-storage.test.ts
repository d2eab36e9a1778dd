import { describe, expect, it } from 'vitest';
import { createStorage } from './storage';
import { describeStorageContract, FULL_CAPABILITIES } from '../../test/storage-contract';
import { isMotoAvailable, startMotoServer, startS3rver } from '../../test/storage-servers';

// s3rver (npm, always available) answers presigned PUT/GET, multipart create/upload/complete,
// HeadObject, DeleteObject and HeadBucket, and refuses expired presigned URLs. It does not
// implement ListParts or AbortMultipartUpload, never compares part ETags on complete, reads
// `bytes=-n` as `bytes=0-n`, and does not verify SigV4 signatures at all: those cases are
// skipped here and run against moto below.
describeStorageContract(
  'S3 adapter against s3rver',
  {
    ...FULL_CAPABILITIES,
    verifiesSignatures: false,
    listParts: false,
    abortMultipartUpload: false,
    validatesPartEtags: false,
    suffixRanges: false,
    noSuchUploadOnComplete: false,
  },
  startS3rver,
);

// moto (Python, preinstalled on this project's machine image, so it runs here and in CI)
// implements ListParts, AbortMultipartUpload, ETag and part-size checks and suffix ranges.
// It verifies neither the signature nor the expiry of presigned URLs, so those two cases
// run against s3rver (expiry) and the local adapter (both) only.
const motoAvailable = isMotoAvailable();
if (!motoAvailable) {
  console.warn('python3 with moto not found: the S3 contract against moto is skipped');
}
describe.skipIf(!motoAvailable)('S3 adapter against moto', () => {
  describeStorageContract(
    'S3 adapter against moto',
    {
      ...FULL_CAPABILITIES,
      verifiesSignatures: false,
      enforcesExpiry: false,
      responseHeaderOverrides: false,
      noSuchUploadOnComplete: false,
    },
    startMotoServer,
  );
});

describe('S3 presigned URLs', () => {
  const storage = createStorage({
    driver: 's3',
    bucket: 'uploads',
    region: 'eu-west-1',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'secret',
    now: () => Date.parse('2030-01-02T03:04:05Z'),
  });

  it('sign the content type and carry no checksum a browser could not match', async () => {
    for (const url of [
      await storage.signPutUrl('job/a.webm', { contentType: 'video/webm', expiresInSec: 900 }),
      await storage.signPartUrl('job/a.webm', 'upload-1', 3, { expiresInSec: 900 }),
    ]) {
      const query = new URL(url).searchParams;
      expect(query.get('X-Amz-Date')).toBe('20300102T030405Z');
      expect(query.get('X-Amz-Expires')).toBe('900');
      expect([...query.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    }
    const put = new URL(
      await storage.signPutUrl('job/a.webm', { contentType: 'video/webm', expiresInSec: 900 }),
    );
    expect(put.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(put.hostname).toBe('uploads.s3.eu-west-1.amazonaws.com');
  });

  it('ask S3 to name downloads', async () => {
    const url = new URL(
      await storage.signGetUrl('job/cv.pdf', { expiresInSec: 60, downloadName: 'cv.pdf' }),
    );
    expect(url.searchParams.get('response-content-disposition')).toBe(
      'attachment; filename=cv.pdf',
    );
  });
});
