import { ERROR_MESSAGES_EN, ERROR_STATUS, type ErrorKey } from '@candid/domain';

/**
 * The one error type the API throws on purpose. The global error handler turns it into the
 * wire body `{ status, key, message }`, where key is a key the web app translates.
 */
export class AppError extends Error {
  readonly status: number;
  readonly key: ErrorKey;
  readonly details?: unknown;
  /** Field-level problems, sent with a 400 so a form can show them beside the field. */
  readonly issues?: { path: string; message: string }[];

  constructor(
    key: ErrorKey,
    options: {
      status?: number;
      message?: string;
      details?: unknown;
      issues?: { path: string; message: string }[];
    } = {},
  ) {
    super(options.message ?? ERROR_MESSAGES_EN[key]);
    this.name = 'AppError';
    this.key = key;
    this.status = options.status ?? ERROR_STATUS[key];
    this.details = options.details;
    if (options.issues) this.issues = options.issues;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
