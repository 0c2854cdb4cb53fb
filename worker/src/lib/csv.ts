import type { Context } from 'hono';
import { foldText } from '../contract/person';
import type { Env } from '../env';

/** What a CSV cell may hold; null and undefined are written empty. */
export type CsvCell = string | number | boolean | null | undefined;

/** A column of an export: its header and how a row gives its cell. */
export type CsvColumn<T> = readonly [header: string, cell: (row: T) => CsvCell];

/** The most rows one export writes (the lists' own filters narrow it). */
export const CSV_MAX_ROWS = 5000;

/** Byte-order mark: spreadsheets then read the file as UTF-8, accents included. */
export const BOM = '\uFEFF';

/**
 * One cell as CSV. Text that a spreadsheet would run as a formula (it starts with =, +, -, @, a
 * tab or a carriage return) gets a leading apostrophe, so it is shown as written and never run.
 * Numbers are written as numbers (a negative amount stays a number). A cell with a comma, a quote
 * or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The whole file: BOM, header row, one line per row, CRLF line ends (RFC 4180). */
export function toCsv<T>(columns: ReadonlyArray<CsvColumn<T>>, rows: readonly T[]): string {
  const lines = [columns.map(([header]) => csvCell(header)).join(',')];
  for (const row of rows) lines.push(columns.map(([, cell]) => csvCell(cell(row))).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** "clinica-sonrisa-patients-2026-11-26.csv": the clinic's name folded to plain letters, what, the date. */
export function csvFileName(clinicName: string, what: string, date: string): string {
  const clinic = foldText(clinicName)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${clinic || 'clinic'}-${what}-${date}.csv`;
}

/**
 * The CSV as a download: text/csv in UTF-8, an attachment with its file name. Typed `never` so a
 * route that answers JSON or CSV keeps its JSON answer's type for the typed client (kit/src/api),
 * which reads only the JSON; the download is fetched as a file (kit's download helper).
 */
export function csvAnswer(c: Context<Env>, fileName: string, body: string): never {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
  c.header('Cache-Control', 'no-store');
  return c.body(body, 200) as never;
}
