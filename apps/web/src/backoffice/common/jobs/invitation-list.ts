import type { InvitationRow } from '@candid/domain';
import Papa from 'papaparse';

/** One person read from a pasted list or a CSV file, before the server checks it. */
export type ParsedInvitee = Pick<InvitationRow, 'fName' | 'lName' | 'email' | 'phone'>;

const HEADER_NAMES: Record<keyof ParsedInvitee | 'name', readonly string[]> = {
  name: ['name', 'full name', 'fullname', 'שם', 'שם מלא'],
  fName: ['first name', 'firstname', 'first', 'fname', 'given name', 'שם פרטי'],
  lName: ['last name', 'lastname', 'last', 'lname', 'surname', 'family name', 'שם משפחה'],
  email: ['email', 'e-mail', 'mail', 'email address', 'אימייל', 'מייל', 'דוא"ל', 'דואר אלקטרוני'],
  phone: ['phone', 'mobile', 'phone number', 'cell', 'טלפון', 'נייד', 'מספר טלפון'],
};

const looksLikePhone = (cell: string) => /^[+\d][\d\s()-]{5,}$/u.test(cell);

/** "Dana Bar Levi" → first name Dana, last name "Bar Levi". */
function splitName(name: string): { fName: string; lName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/u);
  return { fName: first, lName: rest.join(' ') };
}

function columnsOf(header: readonly string[]) {
  const find = (names: readonly string[]) =>
    header.findIndex((cell) => names.includes(cell.trim().toLowerCase()));
  return {
    name: find(HEADER_NAMES.name),
    fName: find(HEADER_NAMES.fName),
    lName: find(HEADER_NAMES.lName),
    email: find(HEADER_NAMES.email),
    phone: find(HEADER_NAMES.phone),
  };
}

/** A row without a header: the cell with an @ is the address, a number the phone, the rest the name. */
function guessRow(row: readonly string[]): ParsedInvitee {
  const cells = row.filter(Boolean);
  const email = cells.find((cell) => cell.includes('@')) ?? '';
  const phone = cells.find((cell) => cell !== email && looksLikePhone(cell)) ?? '';
  const name = cells.filter((cell) => cell !== email && cell !== phone).join(' ');
  return { ...splitName(name), email, phone };
}

/** The cells of each non-blank line, trimmed, the separator guessed. */
function cellsOf(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.trim(), {
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: 'greedy',
  });
  return parsed.data
    .map((cells) => cells.map((cell) => cell.trim()))
    .filter((cells) => cells.some(Boolean));
}

/**
 * The people in a pasted list or a CSV file: one per line, cells separated by commas,
 * semicolons or tabs (what spreadsheets copy), quoted cells allowed. A first line naming the
 * columns (name or first/last name, email, phone; English or Hebrew) is read as a header;
 * otherwise each line's address is the cell with an @, its phone the cell of digits, and the
 * rest its name. Blank lines are skipped.
 */
export function parseInvitationList(text: string): ParsedInvitee[] {
  const lines = cellsOf(text);
  if (lines.length === 0) return [];
  const columns = columnsOf(lines[0]!);
  // A list pasted from several places may change separators from line to line.
  if (columns.email < 0) {
    return text
      .split(/\r?\n/u)
      .flatMap((line) => cellsOf(line))
      .map(guessRow);
  }
  const cell = (cells: readonly string[], index: number) => (index < 0 ? '' : (cells[index] ?? ''));
  return lines.slice(1).map((cells) => {
    const names =
      columns.fName >= 0
        ? { fName: cell(cells, columns.fName), lName: cell(cells, columns.lName) }
        : splitName(cell(cells, columns.name));
    return { ...names, email: cell(cells, columns.email), phone: cell(cells, columns.phone) };
  });
}
