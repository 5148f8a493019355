// Cells of the files the product writes (transfer CSV, payout reports, statements, templates): text a user typed is
// never a live formula (CSV injection, OWASP ASVS 5.3). A spreadsheet reads a cell that begins with =, +, -, @, tab
// or carriage return as a formula; such text is written as text:
// - in CSV, behind a single quote (the OWASP way: a spreadsheet shows `'=...` and runs nothing), then quoted as
//   RFC 4180 requires;
// - in xlsx, as a string cell (never `<f>`) in the Text number format (`@`), so editing the cell keeps it text;
//   no quote is added there, since a string cell is already never evaluated.
// Numbers the product writes (amounts, counts) are not user text: they go as they are, a negative amount included.

const FORMULA_START = /^[=+\-@\t\r]/;

/** The number format of a text cell in a workbook ("Text", built-in format 49). */
export const TEXT_FORMAT = '@';

/** Whether a spreadsheet would read this text as a formula. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** RFC 4180: a field with a quote, comma or line break is quoted, its quotes doubled. */
function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV field of text (a name, a title, a label): formula-like text behind a single quote; null is empty. */
export function csvText(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  return quoted(startsLikeFormula(text) ? `'${text}` : text);
}

/** A CSV field of a number the product writes (an amount as a number or as its decimal text): as it is. */
export function csvNumber(value: number | string): string {
  return quoted(String(value));
}
