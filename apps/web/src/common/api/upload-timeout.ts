import { ERROR_MESSAGES_EN, SINGLE_FILE_UPLOAD_TIMEOUT_MS } from '@candid/domain';
import { ApiClientError } from './api-error';

/**
 * A single-file upload that did not finish in time: REQUEST_TIMEOUT_ERR (408) for the code,
 * with its own message, which says that the upload was stopped and to try again.
 */
export class UploadTimeoutError extends ApiClientError {
  constructor() {
    super({
      status: 408,
      key: 'REQUEST_TIMEOUT_ERR',
      message: ERROR_MESSAGES_EN.REQUEST_TIMEOUT_ERR,
    });
  }

  override get i18nKey(): string {
    return 'uploads.timeout';
  }
}

/**
 * Runs a single-file upload (CV, face picture, image answer, avatar, logo: the ones that are
 * one request, not tus) and gives up after `timeoutMs`: the request is aborted and the promise
 * rejects with an UploadTimeoutError, even when the stalled request does not notice the abort.
 */
export function withUploadTimeout<T>(
  send: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number = SINGLE_FILE_UPLOAD_TIMEOUT_MS,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new UploadTimeoutError());
    }, timeoutMs);
  });
  return Promise.race([send(controller.signal), timeout]).finally(() => clearTimeout(timer));
}
