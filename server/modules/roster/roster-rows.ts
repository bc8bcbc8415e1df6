import { MEDIA_RELEASE_NO, MEDIA_RELEASE_YES, ROSTER_COLUMNS, ROSTER_LIMITS, type RosterColumn } from "../../../contracts/roster.ts";
import { USERNAME_RULES } from "../../../contracts/auth.ts";
import { CsvError, type CsvRecord } from "./csv.ts";

/** A roster row that passed every check, ready to be matched or made. */
export interface RosterRow {
  line: number;
  firstName: string;
  lastInitial: string;
  cabin: string;
  session: string;
  mediaRelease: boolean;
}

export type CheckedRow = { ok: true; row: RosterRow } | { ok: false; line: number; message: string };

/** "First Name", "first_name", " FIRST-NAME " all name first_name. */
const headerKey = (name: string) => name.trim().toLowerCase().replace(/[\s_-]+/g, "");
const COLUMN_BY_KEY = new Map<string, RosterColumn>(ROSTER_COLUMNS.map((c) => [headerKey(c), c]));

/** Which field of a record holds which column; throws a CsvError naming what is wrong with the header. */
export function readHeader(header: CsvRecord): Record<RosterColumn, number> {
  const positions = new Map<RosterColumn, number>();
  header.fields.forEach((name, index) => {
    const column = COLUMN_BY_KEY.get(headerKey(name));
    if (!column) {
      throw new CsvError(
        name.trim() === ""
          ? `The header (line 1) has an empty column name in place ${index + 1}: it must name the columns ${ROSTER_COLUMNS.join(", ")}`
          : `The header names a column "${name.trim()}" the roster does not have: use only ${ROSTER_COLUMNS.join(", ")} (the roster collects only first name and last initial)`,
      );
    }
    if (positions.has(column)) throw new CsvError(`The header names the column ${column} twice`);
    positions.set(column, index);
  });
  const missing = ROSTER_COLUMNS.filter((c) => !positions.has(c));
  if (missing.length) throw new CsvError(`The header (line 1) is missing the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  return Object.fromEntries(positions) as Record<RosterColumn, number>;
}

/** Spaces inside a name collapse to one; control characters are not part of any name. */
const tidy = (value: string) => value.replace(/\s+/g, " ").trim();
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function mediaReleaseOf(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if ((MEDIA_RELEASE_YES as readonly string[]).includes(v)) return true;
  if ((MEDIA_RELEASE_NO as readonly string[]).includes(v)) return false;
  return undefined;
}

/** Checks one record against the header; a refusal says the line and why in one sentence. */
export function checkRow(record: CsvRecord, columns: Record<RosterColumn, number>, width: number): CheckedRow {
  const refuse = (message: string): CheckedRow => ({ ok: false, line: record.line, message: `Line ${record.line}: ${message}` });
  if (record.fields.length !== width) {
    return refuse(`it has ${record.fields.length} value${record.fields.length === 1 ? "" : "s"}, but the header names ${width} columns`);
  }
  const raw = (column: RosterColumn) => record.fields[columns[column]]!;
  if (record.fields.some((f) => CONTROL.test(f.replace(/[\r\n\t]/g, " ")))) return refuse("it contains control characters");
  const firstName = tidy(raw("first_name"));
  if (!firstName) return refuse("the first name is empty");
  if ([...firstName].length > ROSTER_LIMITS.firstNameMax) return refuse(`the first name is longer than ${ROSTER_LIMITS.firstNameMax} characters`);
  const initial = tidy(raw("last_initial")).replace(/\.$/, "");
  if (!/^\p{L}$/u.test(initial.normalize("NFC"))) {
    return refuse(initial ? `the last initial "${initial}" must be one letter` : "the last initial is empty (one letter, like D)");
  }
  const cabin = tidy(raw("cabin"));
  if (!cabin) return refuse("the cabin is empty");
  if (cabin.length > ROSTER_LIMITS.cabinMax) return refuse(`the cabin name is longer than ${ROSTER_LIMITS.cabinMax} characters`);
  const session = tidy(raw("session"));
  if (!session) return refuse("the session is empty");
  if (session.length > ROSTER_LIMITS.sessionMax) return refuse(`the session name is longer than ${ROSTER_LIMITS.sessionMax} characters`);
  const mediaRelease = mediaReleaseOf(raw("media_release"));
  if (mediaRelease === undefined) {
    return refuse(`media_release "${tidy(raw("media_release"))}" must be yes or no (also y/n, true/false, 1/0)`);
  }
  return {
    ok: true,
    row: { line: record.line, firstName: firstName.normalize("NFC"), lastInitial: initial.normalize("NFC").toLocaleUpperCase(), cabin, session, mediaRelease },
  };
}

/** Lower case without accents: "Zoë" and "zoe" are one name for matching. */
export const foldName = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase();

/** Who a row is for matching: the same first name, initial, cabin and session is the same camper. */
export const camperKey = (r: { firstName: string; lastInitial: string; cabin: string; session: string }) =>
  [foldName(r.firstName), foldName(r.lastInitial), r.cabin.toLowerCase(), r.session.toLowerCase()].join("\u0001");

/**
 * A friendly username from the first name and last initial, ascii letters only: "Zoë" "D" -> "zoe.d",
 * "D'Angelo" "R" -> "dangelo.r". A name with no latin letters becomes "camper". The caller adds a
 * number when it is taken ("zoe.d2"); the base leaves room for it within USERNAME_RULES.max.
 */
export function usernameBase(firstName: string, lastInitial: string): string {
  const ascii = (s: string) => foldName(s).replace(/[^a-z0-9]/g, "");
  const first = ascii(firstName).slice(0, USERNAME_RULES.max - 8) || "camper";
  const initial = ascii(lastInitial);
  const base = initial ? `${first}.${initial}` : first;
  return base.length >= USERNAME_RULES.min ? base : `${base}.camper`.slice(0, USERNAME_RULES.max - 6);
}
