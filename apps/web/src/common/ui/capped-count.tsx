/**
 * A list count as a label: "10,000+" when the server stopped counting at LIST_COUNT_CAP (the
 * `…Capped` flags of the list answers). The strings that show it wrap it in `<n>` (a left-to-
 * right `<bdi>`, see CAPPED_COUNT_COMPONENTS), so in Hebrew the plus stays after the number.
 */
export function cappedCountLabel(count: number, capped: boolean | undefined, locale: string) {
  const number = new Intl.NumberFormat(locale).format(count);
  return capped ? `${number}+` : number;
}

/** `<n>` of the capped-count strings: the number, isolated left to right. */
export const CAPPED_COUNT_COMPONENTS = { n: <bdi dir="ltr" /> };
