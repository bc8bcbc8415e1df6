import { Column, fillPlaceholders, getTableName, is, noopDecoder, SQL, type DriverValueDecoder } from "drizzle-orm";

/**
 * What a Drizzle prepared query keeps of itself (node-postgres and PGlite alike) and its public type
 * leaves out: the selected fields in column order, the driver, the array-mode query settings with
 * Drizzle's own type parsers, and the parameters with their placeholders.
 */
interface DriverStatement {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  client: { query(...args: unknown[]): Promise<{ rows: unknown[][] }> };
  queryConfig: { rowMode: "array"; text?: string };
  queryString: string;
  params: unknown[];
}

/** One selected value: where it goes in the result and how it is decoded (looked up once, not per value). */
interface Slot {
  index: number;
  group: string | undefined;
  key: string;
  decode: ((value: unknown) => unknown) | undefined;
}

/** An SQL expression's decoder (`.mapWith()`'s, else none), which Drizzle's public types leave out. */
const sqlDecoder = (expression: SQL) => (expression as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;

function decoderOf(field: unknown): DriverValueDecoder<unknown, unknown> {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return sqlDecoder(field);
  if (is(field, SQL.Aliased)) return sqlDecoder(field.sql);
  throw new Error("a fast statement selects columns and SQL expressions only");
}

function slotsOf(statement: DriverStatement): Slot[] {
  if (!statement.fields) throw new Error("a fast statement needs a select with named fields");
  // Drizzle turns a left-joined table whose values are all null into null; these statements select none.
  const nullable = Object.entries(statement.joinsNotNullableMap ?? {}).filter(([, notNull]) => !notNull);
  return statement.fields.map(({ path, field }, index) => {
    if (path.length > 2) throw new Error("a fast statement selects at most one level of objects");
    if (nullable.length && is(field, Column)) {
      const table = getTableName(field.table);
      if (nullable.some(([name]) => name === table)) throw new Error(`a fast statement cannot select from the left-joined ${table}`);
    }
    const decoder = decoderOf(field);
    const decode = decoder === noopDecoder ? undefined : (value: unknown) => decoder.mapFromDriverValue(value);
    return path.length === 2 ? { index, group: path[0], key: path[1]!, decode } : { index, group: undefined, key: path[0]!, decode };
  });
}

/** The row type of a prepared select, as its execute() resolves. */
type RowOf<P> = P extends { execute(placeholders?: Record<string, unknown>): Promise<(infer R)[]> } ? R : never;

/**
 * A prepared select whose rows are read as arrays and decoded with each field's own Drizzle decoder,
 * looked up once. Drizzle's mapping asks, for every value of every row, what kind of field it is and
 * walks its path; `all()` reads rows as objects, which node-postgres builds by copying a 29-key template
 * per row. On the statements every signed-in request runs (its session, the first page of shows) both
 * were a visible share of our own time (decision 029b). The values are Drizzle's, so the rows come out
 * as `execute()` gives them (db/row-mapper.test.ts compares both, on PGlite and on PostgreSQL).
 */
export function fastStatement<P extends { execute(placeholders?: Record<string, unknown>): Promise<unknown[]> }>(
  prepared: P,
): {
  execute(placeholders: Record<string, unknown>): Promise<RowOf<P>[]>;
  /** Drizzle's statement itself, for its SQL (bench/support/our-queries.ts). */
  prepared: P;
} {
  const statement = prepared as unknown as DriverStatement;
  if (typeof statement.client?.query !== "function" || statement.queryConfig?.rowMode !== "array" || !Array.isArray(statement.params)) {
    throw new Error("this database driver's prepared statements cannot be read as arrays");
  }
  const slots = slotsOf(statement);
  const groups = [...new Set(slots.flatMap((s) => (s.group === undefined ? [] : [s.group])))];
  // node-postgres names the statement in its config (prepared once per connection); PGlite takes the text.
  const run: (values: unknown[]) => Promise<{ rows: unknown[][] }> =
    statement.queryConfig.text !== undefined
      ? (values) => statement.client.query(statement.queryConfig, values)
      : (values) => statement.client.query(statement.queryString, values, statement.queryConfig);
  const toRow = (raw: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (const group of groups) row[group] = {};
    for (const { index, group, key, decode } of slots) {
      const value = raw[index];
      const decoded = value === null || value === undefined ? null : decode ? decode(value) : value;
      if (group === undefined) row[key] = decoded;
      else (row[group] as Record<string, unknown>)[key] = decoded;
    }
    return row as RowOf<P>;
  };
  return {
    prepared,
    async execute(placeholders) {
      const { rows } = await run(fillPlaceholders(statement.params, placeholders));
      return rows.map(toRow);
    },
  };
}
