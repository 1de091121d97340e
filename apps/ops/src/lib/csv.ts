import { apiFile, type Query } from './api-client';

/** One CSV cell: quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
export const csvCell = (value: unknown): string => {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export type CsvColumn<Row> = { header: string; value: (row: Row) => unknown };

/** Rows to CSV text (RFC 4180, CRLF), with a BOM so spreadsheet programs read UTF-8 names correctly. */
export const toCsv = <Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string =>
  '\uFEFF' +
  [columns.map((column) => csvCell(column.header)), ...rows.map((row) => columns.map((c) => csvCell(c.value(row))))]
    .map((cells) => cells.join(','))
    .join('\r\n') +
  '\r\n';

/** Saves a blob as a file through a temporary link. */
export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** Builds a CSV in the browser from rows already loaded and saves it. */
export const downloadCsv = <Row>(fileName: string, columns: readonly CsvColumn<Row>[], rows: readonly Row[]) =>
  saveBlob(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), fileName);

/** Downloads a CSV the server builds (e.g. OPS_API.auditCsv with the page's filters); failures throw ApiError. */
export const downloadServerCsv = async (path: string, query: Query, fallbackName: string) => {
  const { blob, fileName } = await apiFile(path, query);
  saveBlob(blob, fileName ?? fallbackName);
};
