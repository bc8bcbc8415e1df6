/**
 * A small RFC 4180 CSV reader for rosters: comma-separated, fields in double quotes may hold commas,
 * line breaks and doubled quotes (""), CRLF or LF line ends, a UTF-8 byte-order mark tolerated. Each
 * record keeps the line it starts on, so a refusal can name the line a spreadsheet shows.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvError extends Error {}

export function parseCsv(text: string): CsvRecord[] {
  const input = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let fieldStarted = false;
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record (it still counts for the line numbers after it).
    if (!(fields.length === 1 && fields[0] === "" && !fieldStarted)) records.push({ line: recordLine, fields });
    fields = [];
    field = "";
    fieldStarted = false;
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === "\n") line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === "") {
      quoted = true;
      fieldStarted = true;
    } else if (c === ",") {
      fields.push(field);
      field = "";
      fieldStarted = true;
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && input[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += c;
    }
  }
  if (quoted) throw new CsvError(`A quoted value that starts on line ${recordLine} never ends: check its quotes (")`);
  if (field !== "" || fields.length > 0 || fieldStarted) endRecord();
  return records;
}
