import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange } from './byte-range';
import { formatContentRange, resolveByteRange } from './byte-range';
import {
  MIN_MULTIPART_PART_BYTES,
  assertPartOrder,
  isValidPartNumber,
  normalizeEtag,
} from './multipart-rules';
import type {
  CompletedPart,
  LocalStorageOptions,
  ObjectStorage,
  SignGetOptions,
  SignPutOptions,
  StorageHealth,
  StoredObject,
  StoredObjectInfo,
  UploadedPart,
} from './object-storage';
import {
  errorCode,
  errorMessage,
  isMissing,
  noSuchUpload,
  notFound,
  readJson,
} from './local-files';
import {
  DEFAULT_CONTENT_TYPE,
  LocalUrlSigner,
  type SignedOperation,
  type SignedQuery,
} from './local-url-signer';
import { StorageError } from './storage-error';
import { assertValidKey } from './storage-key';

const UPLOAD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PART_META_PATTERN = /^(\d+)\.json$/;
const MANIFEST_FILE = 'manifest.json';

interface MultipartManifest {
  key: string;
  contentType: string;
  createdAt: string;
}

interface PartMeta {
  etag: string;
  size: number;
}

interface ObjectMeta {
  contentType: string;
}

/**
 * Object storage on the local disk with the same contract as S3, for the one-process setup.
 *
 * Layout under `rootDir`: `objects/<key>` (the bytes), `meta/<key>.json` (content type; a
 * parallel tree, so no key can collide with another key's sidecar), `multipart/<uploadId>/`
 * (a manifest plus one file and one `.json` per part) and `tmp/` (everything is written there
 * first and renamed into place, so a crash never leaves a half-written object visible).
 * Nothing is kept in memory between calls, so several processes may share one `rootDir`.
 */
export class LocalStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  private readonly rootDir: string;
  private readonly signer: LocalUrlSigner;
  private readonly now: () => number;
  private dirsReady: Promise<void> | undefined;

  constructor(options: Omit<LocalStorageOptions, 'driver'>) {
    if (options.signingSecret.length < 16) {
      throw new Error('LocalStorage: signingSecret must be at least 16 characters');
    }
    this.rootDir = path.resolve(options.rootDir);
    this.now = options.now ?? Date.now;
    this.signer = new LocalUrlSigner(
      (options.publicBaseUrl ?? '').replace(/\/+$/, ''),
      options.signingSecret,
      this.now,
    );
  }

  async signPutUrl(key: string, options: SignPutOptions): Promise<string> {
    assertValidKey(key);
    return this.signer.buildSignedUrl('PUT', key, {
      op: 'put',
      exp: this.signer.expiresAt(options.expiresInSec),
      ct: options.contentType,
    });
  }

  async signGetUrl(key: string, options: SignGetOptions): Promise<string> {
    assertValidKey(key);
    return this.signer.buildSignedUrl('GET', key, {
      op: 'get',
      exp: this.signer.expiresAt(options.expiresInSec),
      ...(options.downloadName === undefined ? {} : { dn: options.downloadName }),
    });
  }

  async signPartUrl(
    key: string,
    uploadId: string,
    partNumber: number,
    options: { expiresInSec: number },
  ): Promise<string> {
    assertValidKey(key);
    if (!isValidPartNumber(partNumber)) {
      throw new StorageError('INVALID_PART', `Invalid part number ${partNumber}`);
    }
    await this.readManifest(key, uploadId);
    return this.signer.buildSignedUrl('PUT', key, {
      op: 'part',
      exp: this.signer.expiresAt(options.expiresInSec),
      uploadId,
      partNumber: String(partNumber),
    });
  }

  verifySignedRequest(method: string, key: string, query: SignedQuery): SignedOperation {
    return this.signer.verify(method, key, query);
  }

  async createMultipartUpload(
    key: string,
    options: { contentType: string },
  ): Promise<{ uploadId: string }> {
    assertValidKey(key);
    await this.ensureDirs();
    const uploadId = randomUUID();
    await mkdir(this.uploadDir(uploadId));
    const manifest: MultipartManifest = {
      key,
      contentType: options.contentType,
      createdAt: new Date(this.now()).toISOString(),
    };
    await this.writeJsonAtomically(path.join(this.uploadDir(uploadId), MANIFEST_FILE), manifest);
    return { uploadId };
  }

  /**
   * Stores one part of a multipart upload (what the signed part URL's PUT does) and returns
   * its quoted MD5 ETag, as S3 would. Re-uploading a part number replaces it.
   */
  async uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    options: { maxBytes?: number } = {},
  ): Promise<UploadedPart> {
    assertValidKey(key);
    if (!isValidPartNumber(partNumber)) {
      throw new StorageError('INVALID_PART', `Invalid part number ${partNumber}`);
    }
    await this.readManifest(key, uploadId);
    const written = await this.writeTemp(body, options.maxBytes);
    const partPath = path.join(this.uploadDir(uploadId), String(partNumber));
    const meta: PartMeta = { etag: quoteEtag(written.md5), size: written.size };
    try {
      await rename(written.path, partPath);
      await this.writeJsonAtomically(`${partPath}.json`, meta);
    } catch (error) {
      await rm(written.path, { force: true });
      // The upload was aborted or completed while this part streamed in.
      if (errorCode(error) === 'ENOENT') throw noSuchUpload(uploadId, error);
      throw error;
    }
    return { partNumber, ...meta };
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    assertValidKey(key);
    await this.readManifest(key, uploadId);
    const parts: UploadedPart[] = [];
    for (const entry of await readdir(this.uploadDir(uploadId))) {
      const match = PART_META_PATTERN.exec(entry);
      if (!match) continue;
      const meta = await this.readPartMeta(uploadId, Number(match[1]));
      if (meta) parts.push({ partNumber: Number(match[1]), ...meta });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: CompletedPart[],
  ): Promise<{ size: number }> {
    assertValidKey(key);
    assertPartOrder(parts);
    const manifest = await this.readManifest(key, uploadId);
    const partPaths: string[] = [];
    for (const [index, part] of parts.entries()) {
      const meta = await this.readPartMeta(uploadId, part.partNumber);
      if (!meta || normalizeEtag(meta.etag) !== normalizeEtag(part.etag)) {
        throw new StorageError(
          'INVALID_PART',
          `Part ${part.partNumber} was not uploaded or its ETag does not match`,
        );
      }
      if (index < parts.length - 1 && meta.size < MIN_MULTIPART_PART_BYTES) {
        throw new StorageError(
          'INVALID_PART',
          `Part ${part.partNumber} is smaller than ${MIN_MULTIPART_PART_BYTES} bytes`,
        );
      }
      partPaths.push(path.join(this.uploadDir(uploadId), String(part.partNumber)));
    }
    // One file after another through a single write stream: memory stays at a few buffers
    // however large the recording is.
    const joined = Readable.from(
      (async function* readParts() {
        for (const partPath of partPaths) yield* createReadStream(partPath);
      })(),
    );
    const written = await this.writeTemp(joined);
    await this.commitObject(key, written.path, manifest.contentType);
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
    return { size: written.size };
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    assertValidKey(key);
    await this.readManifest(key, uploadId);
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  async putObject(
    key: string,
    body: Buffer | Readable,
    options: { contentType: string },
  ): Promise<void> {
    await this.writeObject(key, body, options);
  }

  /**
   * {@link putObject} that also enforces `maxBytes` while streaming (nothing is kept when the
   * body is larger) and returns the stored size and quoted MD5 ETag.
   */
  async writeObject(
    key: string,
    body: Buffer | Readable,
    options: { contentType: string; maxBytes?: number },
  ): Promise<{ etag: string; size: number }> {
    assertValidKey(key);
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    const written = await this.writeTemp(source, options.maxBytes);
    await this.commitObject(key, written.path, options.contentType);
    return { etag: quoteEtag(written.md5), size: written.size };
  }

  async getObject(key: string, options: { range?: ByteRange } = {}): Promise<StoredObject> {
    assertValidKey(key);
    // Open first and size the open handle, so a concurrent overwrite or delete cannot make
    // the advertised length disagree with the bytes streamed.
    const handle = await open(this.objectPath(key), 'r').catch((error: unknown) => {
      throw isMissing(error) ? notFound(key, error) : error;
    });
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw notFound(key);
      const contentType = await this.readContentType(key);
      const size = stats.size;
      const range = options.range ? resolveByteRange(options.range, size) : undefined;
      const body = handle.createReadStream(range ?? {});
      return {
        body,
        size,
        contentLength: range ? range.end - range.start + 1 : size,
        contentType,
        ...(range ? { contentRange: formatContentRange(range, size) } : {}),
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async headObject(key: string): Promise<StoredObjectInfo | null> {
    assertValidKey(key);
    try {
      const stats = await stat(this.objectPath(key));
      if (!stats.isFile()) return null;
      return { size: stats.size, contentType: await this.readContentType(key) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async deleteObject(key: string): Promise<void> {
    assertValidKey(key);
    // Bytes first: an object without its sidecar still reads (as octet-stream), a sidecar
    // without bytes is invisible.
    await rm(this.objectPath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  async checkHealth(): Promise<StorageHealth> {
    try {
      await this.ensureDirs();
      const probe = path.join(this.rootDir, 'tmp', `health-${randomUUID()}`);
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
      return { ok: true, driver: 'local' };
    } catch (error) {
      return { ok: false, driver: 'local', detail: errorMessage(error) };
    }
  }

  /**
   * Deletes multipart uploads started more than `olderThanMs` ago and temp files as old: what
   * a bucket lifecycle rule does for S3. Browsers that give up never abort, so without this
   * their parts would stay on disk forever. Returns how many uploads were removed.
   *
   * Several processes sharing `rootDir` may sweep at once: an upload is claimed by renaming its
   * folder into tmp/ (atomic; the loser finds it gone and skips it), so each is counted once.
   */
  async removeStaleUploads(options: { olderThanMs: number }): Promise<number> {
    await this.ensureDirs();
    const cutoffMs = this.now() - options.olderThanMs;
    const tmpDir = path.join(this.rootDir, 'tmp');
    let removed = 0;
    for (const uploadId of await readdir(path.join(this.rootDir, 'multipart'))) {
      if (!UPLOAD_ID_PATTERN.test(uploadId)) continue;
      const manifest = await readJson<MultipartManifest>(
        path.join(this.uploadDir(uploadId), MANIFEST_FILE),
      );
      // No manifest yet: a create in progress, or one that died before writing it.
      const startedMs = manifest
        ? Date.parse(manifest.createdAt)
        : (await stat(this.uploadDir(uploadId)).catch(() => undefined))?.mtimeMs;
      if (startedMs === undefined || startedMs >= cutoffMs) continue;
      const claimed = path.join(tmpDir, `stale-${uploadId}-${randomUUID()}`);
      try {
        await rename(this.uploadDir(uploadId), claimed);
      } catch (error) {
        if (isMissing(error)) continue;
        throw error;
      }
      await rm(claimed, { recursive: true, force: true });
      removed += 1;
    }
    for (const name of await readdir(tmpDir)) {
      const stats = await stat(path.join(tmpDir, name)).catch(() => undefined);
      // Recursive: a claimed upload whose removal was interrupted is a folder.
      if (stats && stats.mtimeMs < cutoffMs) {
        await rm(path.join(tmpDir, name), { recursive: true, force: true });
      }
    }
    return removed;
  }

  private ensureDirs(): Promise<void> {
    this.dirsReady ??= Promise.all(
      ['objects', 'meta', 'multipart', 'tmp'].map((dir) =>
        mkdir(path.join(this.rootDir, dir), { recursive: true }),
      ),
    ).then(
      () => undefined,
      (error: unknown) => {
        // Let a later call retry, e.g. once a volume is mounted.
        this.dirsReady = undefined;
        throw error;
      },
    );
    return this.dirsReady;
  }

  private objectPath(key: string): string {
    return path.join(this.rootDir, 'objects', key);
  }

  private metaPath(key: string): string {
    return path.join(this.rootDir, 'meta', `${key}.json`);
  }

  private uploadDir(uploadId: string): string {
    return path.join(this.rootDir, 'multipart', uploadId);
  }

  private async readContentType(key: string): Promise<string> {
    const meta = await readJson<ObjectMeta>(this.metaPath(key));
    return meta?.contentType ?? DEFAULT_CONTENT_TYPE;
  }

  private async readManifest(key: string, uploadId: string): Promise<MultipartManifest> {
    // The id becomes a folder name: only our own UUIDs may get that far.
    if (!UPLOAD_ID_PATTERN.test(uploadId)) throw noSuchUpload(uploadId);
    const manifest = await readJson<MultipartManifest>(
      path.join(this.uploadDir(uploadId), MANIFEST_FILE),
    );
    if (!manifest || manifest.key !== key) throw noSuchUpload(uploadId);
    return manifest;
  }

  private readPartMeta(uploadId: string, partNumber: number): Promise<PartMeta | undefined> {
    return readJson<PartMeta>(path.join(this.uploadDir(uploadId), `${partNumber}.json`));
  }

  /** Streams `source` into a new file under `tmp/`, counting and hashing on the way. */
  private async writeTemp(
    source: Readable,
    maxBytes?: number,
  ): Promise<{ path: string; size: number; md5: string }> {
    await this.ensureDirs();
    const tempPath = path.join(this.rootDir, 'tmp', randomUUID());
    const hash = createHash('md5');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (maxBytes !== undefined && size > maxBytes) {
          callback(new StorageError('TOO_LARGE', `Body exceeds ${maxBytes} bytes`));
          return;
        }
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    // The file is created before the body flows: a write stream opening it by path could
    // create it after a failed body's pipeline had already rejected and the rm below had run,
    // leaving a stray temp file behind.
    const file = await open(tempPath, 'wx');
    try {
      await pipeline(source, meter, file.createWriteStream());
    } catch (error) {
      await file.close().catch(() => undefined);
      await rm(tempPath, { force: true });
      throw error;
    }
    return { path: tempPath, size, md5: hash.digest('hex') };
  }

  /**
   * Moves a finished temp file into place. The sidecar goes first so that the moment the
   * object becomes visible its content type is already right.
   */
  private async commitObject(key: string, tempPath: string, contentType: string): Promise<void> {
    try {
      const objectPath = this.objectPath(key);
      const metaPath = this.metaPath(key);
      await Promise.all([
        mkdir(path.dirname(objectPath), { recursive: true }),
        mkdir(path.dirname(metaPath), { recursive: true }),
      ]);
      const meta: ObjectMeta = { contentType };
      await this.writeJsonAtomically(metaPath, meta);
      await rename(tempPath, objectPath);
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
  }

  private async writeJsonAtomically(target: string, value: unknown): Promise<void> {
    await this.ensureDirs();
    const tempPath = path.join(this.rootDir, 'tmp', randomUUID());
    try {
      await writeFile(tempPath, JSON.stringify(value), { flag: 'wx' });
      await rename(tempPath, target);
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
  }
}

function quoteEtag(md5Hex: string): string {
  return `"${md5Hex}"`;
}
