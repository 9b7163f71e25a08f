/**
 * CSV the way Excel opens it in Brazil (docs/decisions/012-lgpd.md): `;` between fields (the
 * comma is the decimal separator there), CRLF line ends, a UTF-8 byte order mark first so
 * accents survive, dates `dd/MM/yyyy` and money `1234,56`. Every export of the server writes
 * through here (LGPD exports now, reports later), so all of them open the same way.
 */

/** Written once, before the header line. */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * A cell that Excel would run as a formula (`=`, `+`, `-`, `@`, tab, CR) is prefixed with `'`,
 * so a client's name typed as `=HYPERLINK(...)` stays text (OWASP, CSV injection). Numbers
 * written by us are never prefixed: only the text cells go through here.
 */
function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function quoteIfNeeded(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One cell: text is protected against formulas and quoted when it holds `;`, `"` or a line end. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  return quoteIfNeeded(neutraliseFormula(value));
}

/** One line, with its line end. */
export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(CSV_SEPARATOR) + CSV_LINE_END;
}

/** `2026-11-21` → `21/11/2026`; anything else unchanged. */
export function csvDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

/** A point in time as `dd/MM/yyyy HH:mm` in the professional's zone. */
export function csvDateTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** `HH:mm:ss` → `HH:mm`. */
export function csvTime(time: string | null | undefined): string {
  return time ? time.slice(0, 5) : '';
}

/**
 * A `numeric(10,2)` from the database (`"1234.50"`) → `1234,50`: no thousands separator, so
 * Excel in pt-BR reads it as a number.
 */
export function csvMoney(decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined || decimal === '') return '';
  const [whole = '0', fraction = ''] = decimal.split('.');
  return `${whole},${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/**
 * A whole CSV document as a stream of strings: the BOM and header first, then each row as the
 * source yields it. Rows are never gathered, so a long source stays flat in memory.
 */
export async function* csvDocument<T>(
  header: readonly string[],
  rows: AsyncIterable<T> | Iterable<T>,
  toValues: (row: T) => readonly CsvValue[],
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(header);
  for await (const row of rows) yield csvLine(toValues(row));
}
