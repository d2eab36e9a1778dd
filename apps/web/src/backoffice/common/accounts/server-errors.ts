import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiClientError } from '../../../common/api/api-error';

/**
 * Puts a refused account save's errors on the form's fields (a validation error on
 * adding a user shows on its fields, with no generic alert): EMAIL_TAKEN_ERR on the email, and
 * the server's field issues on the fields of `fields` (a `user.` prefix dropped). Returns
 * false when nothing could be placed, so the caller shows a form-level error instead.
 */
export function placeAccountErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiClientError(error)) return false;
  if (error.key === 'EMAIL_TAKEN_ERR' && fields.includes('email' as Path<T>)) {
    setError('email' as Path<T>, { type: 'server', message: error.i18nKey });
    return true;
  }
  let placed = false;
  for (const issue of error.issues) {
    const field = issue.path.replace(/^user\./, '');
    if (!(fields as readonly string[]).includes(field)) continue;
    const message = issue.message.startsWith('validation.')
      ? issue.message
      : 'validation.INVALID_VALUE';
    setError(field as Path<T>, { type: 'server', message });
    placed = true;
  }
  return placed;
}
