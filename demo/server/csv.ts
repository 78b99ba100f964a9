/**
 * CSV as RFC 4180 writes it, for the leads export: every cell quoted (a quote inside doubled), rows
 * ended with CRLF. A visitor typed these values, and a spreadsheet runs a cell that starts with
 * `=`, `+`, `-` or `@` as a formula (OWASP "CSV injection"; tab and carriage return start one too):
 * such a cell gets a leading `'`, which spreadsheets show as text and do not run.
 */

/** The export's headers: a download named for what it holds, never cached (it is the owner's data). */
export const CSV_HEADERS = {
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': 'attachment; filename="kite-leads.csv"',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
} as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: null is empty, text starting like a formula is neutralised, every cell is quoted. */
export const csvCell = (value: string | null): string => {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
};

/** One row, CRLF-terminated. */
export const csvRow = (cells: readonly (string | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;
