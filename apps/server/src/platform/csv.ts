import { stringify } from 'csv-stringify/sync';

/** One cell of an exported table: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/**
 * Text a spreadsheet would run as a formula when the file is opened: a leading =, +, - or @, or a
 * tab or carriage return before one. Free text typed at a kiosk or in a form reaches these exports.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The records as CSV text (RFC 4180): one line per record, CRLF line ends including after the
 * last, fields quoted only when they hold a comma, a quote or a line break, `null` as an empty
 * field. Text that a spreadsheet would run as a formula gets a leading apostrophe, which shows it as
 * text instead. Numbers are written as they are, so a negative count stays a number.
 * Callers put their header row first.
 */
export function toCsv(records: readonly (readonly CsvCell[])[]): string {
  return stringify(records as CsvCell[][], {
    record_delimiter: '\r\n',
    // Given a record delimiter, the library would otherwise leave a bare \n or \r unquoted.
    quote_record_delimiter: true,
    cast: { string: (value) => (FORMULA_START.test(value) ? `'${value}` : value) },
  });
}
