import type { FastifyReply } from 'fastify';

/**
 * CSV exports of the back office (RFC 4180, CRLF line ends). A spreadsheet runs a cell that starts with = + - @ (or
 * a tab or carriage return) as a formula, so such cells get a leading apostrophe: the text shows as written and never
 * runs ("CSV injection", OWASP). A cell that is nothing but a decimal number (e.g. a negative GGR, -12.50) cannot
 * be a formula and keeps its minus sign, so spreadsheets still add it up (money columns hold such amounts); anything
 * more after the number (`-2+3+cmd|' /C calc'!A0`) is not plain and gets the apostrophe. See ADR 0020.
 */

export type CsvCell = string | number | bigint | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** Quotes also around `;`: a spreadsheet in a locale whose separator is `;` would otherwise split the cell
 * there and read what follows as a cell of its own, which may start with `=` (OWASP CSV injection). */
const NEEDS_QUOTES = /[",;\r\n]/;

export const csvCell = (value: CsvCell): string => {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export const csvLine = (cells: readonly CsvCell[]): string => cells.map(csvCell).join(',');

/** The whole file: a header line, then one line per row, CRLF after each. */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): string =>
  [header, ...rows].map((cells) => `${csvLine(cells)}\r\n`).join('');

/**
 * Answers a CSV file download. A byte-order mark lets spreadsheets read UTF-8 names; `truncated` tells the caller
 * the export stopped at its row cap.
 */
export const sendCsv = (
  reply: FastifyReply,
  filename: string,
  body: string,
  { truncated = false }: { truncated?: boolean } = {},
): FastifyReply =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .header('x-export-truncated', truncated ? 'true' : 'false')
    .send(`\uFEFF${body}`);
