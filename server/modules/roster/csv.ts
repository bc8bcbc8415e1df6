import { CsvError as ParseError, parse } from "csv-parse/sync";

/**
 * The roster's CSV, read by csv-parse (RFC 4180: quoted fields may hold commas, line breaks and doubled
 * quotes; CRLF or LF; a UTF-8 byte-order mark dropped). The separator is the header's: a comma, or a
 * semicolon (spreadsheets in many countries save CSV so), or a tab (cells copied from a spreadsheet and
 * pasted into the roster box). Each record keeps the line it starts on, so a refusal names the line a
 * spreadsheet shows.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvError extends Error {}

/** The separator the header line uses: tab, then semicolon, then comma, by what it holds. */
export function separatorOf(text: string): "," | ";" | "\t" {
  const header = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/, 1)[0] ?? "";
  const count = (c: string) => header.split(c).length - 1;
  if (count("\t") > 0) return "\t";
  return count(";") > count(",") ? ";" : ",";
}

export function parseCsv(text: string): CsvRecord[] {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each row is { record, info } (the types describe the plain form).
    rows = parse(text, { bom: true, delimiter: separatorOf(text), record_delimiter: ["\r\n", "\n", "\r"], relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as typeof rows;
  } catch (error) {
    if (error instanceof ParseError) {
      const line = /line (\d+)/.exec(error.message)?.[1];
      throw new CsvError(
        error.code === "CSV_QUOTE_NOT_CLOSED"
          ? `A quoted value never ends: check its quotes (")${line ? ` from line ${line}` : ""}`
          : error.code === "CSV_INVALID_CLOSING_QUOTE"
            ? `The roster has text after a closing quote${line ? ` on line ${line}` : ""}: put the whole value in quotes`
            : `The roster is not readable as CSV${line ? ` at line ${line}` : ""}: ${error.message}`,
      );
    }
    throw error;
  }
  // csv-parse counts the line a record ends on; a quoted value with line breaks starts that many lines before.
  return rows.map(({ record, info }) => ({ line: info.lines - record.reduce((n, field) => n + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0), fields: record }));
}
