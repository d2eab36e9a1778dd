import { getDirection, PRODUCT_NAME, type Language } from '@candid/domain';

/** An e-mail ready for the mailer: subject, plain text and HTML in the reader's language. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  locale: Language;
}

export interface EmailParagraphs {
  subject: string;
  greeting: string;
  /** Paragraphs before the link/code block. */
  intro: string | readonly string[];
  linkLabel?: string;
  codeLabel?: string;
  /** Lines after the block. */
  outro: string[];
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Lays out one email in both parts. The HTML is a single column with inline styles (mail
 * clients ignore style sheets), `lang` and `dir` set so Hebrew reads right-to-left; the code
 * and the link stay left-to-right inside it.
 */
export function renderEmail(
  lang: Language,
  content: EmailParagraphs,
  values: { link?: string; code?: string; logo?: { url: string; alt: string } },
): RenderedEmail {
  const dir = getDirection(lang);
  const intro = typeof content.intro === 'string' ? [content.intro] : content.intro;
  const textParts = [content.greeting, '', ...intro.flatMap((line) => [line, ''])];
  if (values.link && content.linkLabel) textParts.push(content.linkLabel, values.link, '');
  if (values.code && content.codeLabel) textParts.push(`${content.codeLabel} ${values.code}`, '');
  textParts.push(...content.outro, '', PRODUCT_NAME);

  const align = dir === 'rtl' ? 'right' : 'left';
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const htmlParts = [p(content.greeting), ...intro.map(p)];
  if (values.logo) {
    htmlParts.unshift(
      `<p style="margin:0 0 16px"><img src="${escapeHtml(values.logo.url)}" alt="${escapeHtml(values.logo.alt)}" height="48" style="height:48px;width:auto;border:0"></p>`,
    );
  }
  if (values.link && content.linkLabel) {
    const href = escapeHtml(values.link);
    htmlParts.push(
      `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#1565C0;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(content.linkLabel)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:12px;color:#555555" dir="ltr">${href}</p>`,
    );
  }
  if (values.code && content.codeLabel) {
    htmlParts.push(
      p(content.codeLabel),
      `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace" dir="ltr">${escapeHtml(values.code)}</p>`,
    );
  }
  htmlParts.push(...content.outro.map(p), p(PRODUCT_NAME));
  const html = [
    '<!doctype html>',
    `<html lang="${lang}" dir="${dir}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f5f5">`,
    `<div dir="${dir}" style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222222;text-align:${align}">`,
    ...htmlParts,
    '</div></body></html>',
  ].join('\n');

  return { subject: content.subject, text: textParts.join('\n'), html, locale: lang };
}
