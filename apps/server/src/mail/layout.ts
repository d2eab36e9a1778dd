import {
  getDirection,
  isReadableAccent,
  PRIMARY_COLOR,
  PRODUCT_NAME,
  type Language,
} from '@candid/domain';

/** An e-mail ready for the mailer: subject, plain text and HTML in the reader's language. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  locale: Language;
  /**
   * The sender's display name when the e-mail speaks for a company ("Acme via Candid"); the
   * address stays the configured no-reply one. Unset: the configured sender as it is.
   */
  fromName?: string;
}

/** A paragraph that ends with a link: the link's label is shown, never its address. */
export interface EmailLinkLine {
  text: string;
  link: { label: string; url: string };
}

/** A paragraph: plain text, or text followed by a labelled link. */
export type EmailLine = string | EmailLinkLine;

export interface EmailParagraphs {
  subject: string;
  greeting: string;
  /** Paragraphs before the link/code block. */
  intro: string | readonly string[];
  /** Short facts shown as a list before the button (the job, its length, its closing date). */
  facts?: readonly string[];
  linkLabel?: string;
  codeLabel?: string;
  /** Lines after the block. */
  outro: readonly EmailLine[];
  /** The last line; the product's name when unset. */
  signature?: string;
}

const FSI = '\u2068';
const PDI = '\u2069';

/**
 * Marks a value written into a sentence (a name, a job title, a date) as a run of its own, so
 * a Latin name inside Hebrew text (or the reverse) keeps its punctuation on its own side. Plain
 * text keeps the Unicode isolates; the HTML turns them into `<bdi>`.
 */
export function isolate(value: string): string {
  return `${FSI}${value}${PDI}`;
}

/** An address written into a text (a recruiter's message), without the punctuation after it. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'\u2069]/gu;

/**
 * Escapes text for HTML and turns the isolates of {@link isolate} into `<bdi>` elements. An
 * address inside the text reads left to right on its own (`<bdi dir="ltr">`), so in Hebrew its
 * "?" and "/" stay where they belong.
 */
function toHtmlText(text: string): string {
  return escapeHtml(text)
    .replace(URL_IN_TEXT, (url) => `<bdi dir="ltr">${url}</bdi>`)
    .replace(/\u2068([^\u2066-\u2069]*)\u2069/gu, '<bdi>$1</bdi>');
}

/** The plain-text lines of a paragraph: an address goes on a line of its own, untouched. */
function textLines(line: EmailLine): string[] {
  if (typeof line === 'string') return [line, ''];
  // A line holding only the address reads left to right in any client, and nothing is glued
  // to it that a client could take as part of the link.
  return [line.text, `${line.link.label}:`, line.link.url, ''];
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
 * clients ignore style sheets), `lang` and `dir` set so Hebrew reads right-to-left; codes and
 * addresses stay left-to-right inside it, and links show a label (a button for the main one)
 * instead of their address.
 */
export function renderEmail(
  lang: Language,
  content: EmailParagraphs,
  values: {
    link?: string;
    code?: string;
    logo?: { url: string; alt: string };
    /** The sender's display name ({@link companySenderName}); undefined: the configured one. */
    fromName?: string | undefined;
    /**
     * The company's accent colour for the button and links, and for the code (an e-mail sent
     * in its name); unset, or one white does not read on: the app's own primary colour, and
     * the code in the text's colour.
     */
    accentColor?: string | null | undefined;
  },
): RenderedEmail {
  const dir = getDirection(lang);
  const companyAccent =
    values.accentColor && isReadableAccent(values.accentColor)
      ? values.accentColor.toLowerCase()
      : null;
  const accent = companyAccent ?? PRIMARY_COLOR;
  const intro = typeof content.intro === 'string' ? [content.intro] : content.intro;
  const facts = content.facts ?? [];
  const signature = content.signature ?? PRODUCT_NAME;
  const textParts = [content.greeting, '', ...intro.flatMap((line) => [line, ''])];
  if (facts.length > 0) textParts.push(...facts.map((fact) => `- ${fact}`), '');
  if (values.link && content.linkLabel) textParts.push(`${content.linkLabel}:`, values.link, '');
  if (values.code && content.codeLabel) textParts.push(`${content.codeLabel} ${values.code}`, '');
  textParts.push(...content.outro.flatMap(textLines), signature);

  const align = dir === 'rtl' ? 'right' : 'left';
  const p = (text: string) => `<p style="margin:0 0 16px">${toHtmlText(text)}</p>`;
  const line = (item: EmailLine) =>
    typeof item === 'string'
      ? p(item)
      : `<p style="margin:0 0 16px">${toHtmlText(item.text)} <a href="${escapeHtml(item.link.url)}" style="color:${accent}">${toHtmlText(item.link.label)}</a></p>`;
  const htmlParts = [p(content.greeting), ...intro.map(p)];
  if (values.logo) {
    htmlParts.unshift(
      `<p style="margin:0 0 16px"><img src="${escapeHtml(values.logo.url)}" alt="${escapeHtml(values.logo.alt)}" height="48" style="height:48px;width:auto;border:0"></p>`,
    );
  }
  if (facts.length > 0) {
    const padding = dir === 'rtl' ? 'padding:0 20px 0 0' : 'padding:0 0 0 20px';
    htmlParts.push(
      `<ul style="margin:0 0 16px;${padding}">${facts.map((fact) => `<li style="margin:0 0 4px">${toHtmlText(fact)}</li>`).join('')}</ul>`,
    );
  }
  if (values.link && content.linkLabel) {
    htmlParts.push(
      `<p style="margin:0 0 24px"><a href="${escapeHtml(values.link)}" style="display:inline-block;padding:12px 20px;background:${accent};color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px">${toHtmlText(content.linkLabel)}</a></p>`,
    );
  }
  if (values.code && content.codeLabel) {
    htmlParts.push(
      p(content.codeLabel),
      // Readable on white: the accent is checked against white text on it, the same contrast.
      `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace${companyAccent ? `;color:${companyAccent}` : ''}" dir="ltr">${escapeHtml(values.code)}</p>`,
    );
  }
  htmlParts.push(...content.outro.map(line), p(signature));
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

  return {
    subject: content.subject,
    text: textParts.join('\n'),
    html,
    locale: lang,
    ...(values.fromName ? { fromName: values.fromName } : {}),
  };
}

/**
 * The display name of an e-mail sent for a company: its name and the product's, so the reader
 * knows both who asks and which service carries it.
 */
export function companySenderName(companyName: string, lang: Language): string | undefined {
  // A display name is one header line: no line breaks, and none of the characters that would
  // end the name early.
  const name = companyName.replace(/[\r\n"<>]+/gu, ' ').trim();
  if (!name) return undefined;
  return viaProduct(name, lang);
}

/**
 * The same words as the e-mail's last line, the company's name isolated so that in Hebrew the
 * full stop of "Acme Ltd." stays at its end.
 */
export function companySignature(companyName: string, lang: Language): string | undefined {
  const name = companyName.trim();
  return name ? viaProduct(isolate(name), lang) : undefined;
}

/**
 * What an e-mail sent in the company's name to a candidate carries of it: its name as the
 * sender, its accent, its logo (an absolute address; empty: none) above the greeting, and its
 * signature as the last line. `values` go to {@link renderEmail}'s values, `signature` into its
 * content.
 */
export function companySender(
  lang: Language,
  company: { companyName: string; logoUrl?: string; accentColor?: string | null },
) {
  const signature = companySignature(company.companyName, lang);
  return {
    values: {
      fromName: companySenderName(company.companyName, lang),
      accentColor: company.accentColor,
      ...(company.logoUrl ? { logo: { url: company.logoUrl, alt: company.companyName } } : {}),
    },
    signature: signature ? { signature } : {},
  };
}

function viaProduct(name: string, lang: Language): string {
  return lang === 'he' ? `${name} דרך ${PRODUCT_NAME}` : `${name} via ${PRODUCT_NAME}`;
}
