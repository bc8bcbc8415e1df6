/** PostgreSQL's code for a unique index refusing a row (the same on a server and in PGlite). */
const UNIQUE_VIOLATION = "23505";

/** True when a database error, or one it wraps (drizzle wraps driver errors), is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
