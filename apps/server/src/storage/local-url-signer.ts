import { createHmac, timingSafeEqual } from 'node:crypto';
import { StorageError } from './storage-error';

/** Path under `publicBaseUrl` that `localStorageRoutes` serves. */
export const LOCAL_STORAGE_ROUTE_PREFIX = '/api/storage/object/';

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The query parameters covered by the signature, in the order they are signed. */
const SIGNED_PARAMS = ['op', 'exp', 'uploadId', 'partNumber', 'ct', 'dn'] as const;
type SignedParams = Partial<Record<(typeof SIGNED_PARAMS)[number], string>>;

/** What a verified signed URL allows its bearer to do. */
export type SignedOperation =
  | { op: 'put'; contentType: string }
  | { op: 'get'; downloadName?: string }
  | { op: 'part'; uploadId: string; partNumber: number };

/** Query string of a request to a signed URL, as Fastify parses it. */
export type SignedQuery = Record<string, string | string[] | undefined>;

/**
 * The local store's signed URLs: an HMAC over the method, the key and the signed query
 * parameters, so a URL grants one operation on one key until it expires.
 */
export class LocalUrlSigner {
  constructor(
    private readonly publicBaseUrl: string,
    private readonly signingSecret: string,
    private readonly now: () => number,
  ) {}

  /**
   * Checks a request against its signed URL's query and returns what it may do. Throws
   * `INVALID_SIGNATURE` for a missing, altered or foreign signature (or a method the URL was
   * not signed for) and `EXPIRED` once `exp` has passed. HEAD is allowed with a GET signature
   * so clients can learn an object's size before streaming it.
   */
  verify(method: string, key: string, query: SignedQuery): SignedOperation {
    const params: SignedParams = {};
    for (const name of SIGNED_PARAMS) {
      const value = singleValue(query[name]);
      if (value !== undefined) params[name] = value;
    }
    const signature = singleValue(query.sig);
    const signedMethod = params.op === 'get' ? 'GET' : 'PUT';
    const requestMethod = method === 'HEAD' ? 'GET' : method;
    if (
      signature === undefined ||
      (params.op !== 'get' && params.op !== 'put' && params.op !== 'part') ||
      requestMethod !== signedMethod ||
      !this.isSignatureValid(signedMethod, key, params, signature)
    ) {
      throw new StorageError('INVALID_SIGNATURE', 'Invalid signature');
    }
    const expiresAtSec = Number(params.exp);
    if (!Number.isFinite(expiresAtSec) || expiresAtSec * 1000 <= this.now()) {
      throw new StorageError('EXPIRED', 'The signed URL has expired');
    }
    switch (params.op) {
      case 'put':
        return { op: 'put', contentType: params.ct ?? DEFAULT_CONTENT_TYPE };
      case 'get':
        return params.dn === undefined ? { op: 'get' } : { op: 'get', downloadName: params.dn };
      case 'part':
        return {
          op: 'part',
          uploadId: params.uploadId ?? '',
          partNumber: Number(params.partNumber),
        };
    }
  }

  buildSignedUrl(method: 'GET' | 'PUT', key: string, params: SignedParams): string {
    const query = new URLSearchParams();
    for (const name of SIGNED_PARAMS) {
      const value = params[name];
      if (value !== undefined) query.set(name, value);
    }
    query.set('sig', this.computeSignature(method, key, params));
    return `${this.publicBaseUrl}${LOCAL_STORAGE_ROUTE_PREFIX}${encodeKey(key)}?${query}`;
  }

  private computeSignature(method: string, key: string, params: SignedParams): string {
    // Newline-separated name=value pairs: no value can contain a newline that survives
    // validation (keys reject control characters), so fields cannot be shifted into each other.
    const canonical = [
      method,
      key,
      ...SIGNED_PARAMS.map((name) => `${name}=${params[name] ?? ''}`),
    ].join('\n');
    return createHmac('sha256', this.signingSecret).update(canonical).digest('base64url');
  }

  private isSignatureValid(
    method: string,
    key: string,
    params: SignedParams,
    signature: string,
  ): boolean {
    const expected = Buffer.from(this.computeSignature(method, key, params));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  expiresAt(expiresInSec: number): string {
    if (!Number.isFinite(expiresInSec) || expiresInSec <= 0) {
      throw new RangeError(`expiresInSec must be positive, got ${expiresInSec}`);
    }
    return String(Math.floor(this.now() / 1000) + Math.ceil(expiresInSec));
  }
}

/** Encodes a key for a URL path, keeping its `/` separators readable. */
export function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

function singleValue(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
