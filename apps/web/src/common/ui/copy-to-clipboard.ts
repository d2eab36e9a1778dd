import { ALERT_KEYS } from '@candid/domain';
import { showAlert } from '../stores/alert-store';

/** Writes text with the old selection API, for browsers without the async clipboard. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.insetInlineStart = '-9999px';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies text to the clipboard and shows the "Copied to clipboard" alert. Falls back
 * to a selection copy where the async clipboard is missing or refused (http, old browsers).
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  let isCopied = false;
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      isCopied = true;
    }
  } catch {
    isCopied = false;
  }
  if (!isCopied) isCopied = copyWithSelection(text);
  if (isCopied) showAlert({ type: 'success', key: ALERT_KEYS.copied });
  return isCopied;
}
