import { errorI18nKey } from '@candid/domain';
import { isApiClientError } from '../../../common/api/api-error';

/**
 * The i18n key of what went wrong with a call: the API's error key, or the generic
 * INTERNAL_ERR for anything else (an answer that did not parse, a bug).
 */
export function getErrorI18nKey(error: unknown): string {
  return isApiClientError(error) ? error.i18nKey : errorI18nKey('INTERNAL_ERR');
}
