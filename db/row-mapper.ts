import { getTableColumns, type InferSelectModel, type Table } from "drizzle-orm";

/** A driver's row as a prepared statement's `all()` returns it: values keyed by column name, not yet decoded. */
export type RawRow = Record<string, unknown>;

/**
 * Turns a table's raw rows into its select model, with each column's key, name and decoder looked up
 * once. Drizzle's own mapping asks, for every value of every row, what kind of field it is and walks
 * its path: on the camper's list (21 rows of 28 columns, on every screen) that was the largest share
 * of our own time per request (decision 029b). The decoders are Drizzle's, so values come out the same.
 */
export function rowMapper<T extends Table>(table: T): (raw: RawRow) => InferSelectModel<T> {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, column }));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, column } of columns) {
      const value = raw[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  };
}

/** A prepared statement that reads its rows raw. */
export interface RawStatement {
  all(placeholders: Record<string, unknown>): Promise<unknown>;
}

/**
 * The statement's raw reader. Both drivers' prepared statements (node-postgres, PGlite) have all(),
 * which skips Drizzle's mapping; Drizzle's common type leaves it out, so it is checked here, once.
 */
export function readsRaw<P extends object>(prepared: P): { all(placeholders: Record<string, unknown>): Promise<RawRow[]>; prepared: P } {
  if (typeof (prepared as Partial<RawStatement>).all !== "function") throw new Error("this database driver's prepared statements cannot read raw rows");
  const statement = prepared as unknown as RawStatement;
  return { all: async (placeholders) => (await statement.all(placeholders)) as RawRow[], prepared };
}
