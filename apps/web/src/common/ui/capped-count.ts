/**
 * A list count as a label: "10,000+" when the server stopped counting at LIST_COUNT_CAP (the
 * `…Capped` flags of the list answers). Isolated left-to-right, so in Hebrew the plus stays
 * after the number instead of jumping to its other side.
 */
export function cappedCountLabel(count: number, capped: boolean | undefined, locale: string) {
  const number = new Intl.NumberFormat(locale).format(count);
  return capped ? `\u2066${number}+\u2069` : number;
}
