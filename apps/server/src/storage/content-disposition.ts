/**
 * Formats `Content-Disposition: attachment` for a download name. Candidates' names are often
 * Hebrew, so the name travels as RFC 5987 UTF-8 (`filename*`) with an ASCII fallback for old
 * clients; quotes, backslashes and control characters never reach the header.
 */
export function formatContentDisposition(downloadName: string): string {
  const fallback = downloadName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(downloadName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
