import { sql } from "drizzle-orm";
import fc from "fast-check";
import { expect } from "vitest";
import { REFUSAL_CODES } from "../contracts/errors.ts";
import { queryRows, testDatabase } from "./test-database.ts";

/*
 * Generated requests for the property tests of the JSON routes (server/*.property.test.ts): the server
 * never answers 5xx, and a 4xx stores nothing. (Failed sign-ins are counted in rate_limits on purpose,
 * so that table is left out of the comparison.)
 */

/** The rows a refused request must leave as they were. */
export async function snapshot(): Promise<string> {
  const { db } = await testDatabase();
  const users = await queryRows(db, sql`SELECT id, username, password_hash, subscription_tier, shows_count FROM users ORDER BY id`);
  const shows = await queryRows(db, sql`SELECT * FROM shows ORDER BY id`);
  const reviews = await queryRows(db, sql`SELECT * FROM show_reviews ORDER BY show_id`);
  const sessions = await queryRows(db, sql`SELECT id, user_id FROM sessions ORDER BY id`);
  return JSON.stringify({ users, shows, sessions, reviews });
}

export const text = (max: number) =>
  fc.oneof(fc.string({ maxLength: max }), fc.string({ unit: "grapheme", maxLength: max }), fc.constantFrom("", " ", "<script>x</script>", "\u0000", "😀"));
export const junk = fc.oneof(fc.anything(), fc.constant(null), fc.integer(), fc.boolean(), fc.array(fc.string()));

/** Sends one generated body: no 5xx, a JSON answer, and a 4xx (with its plain message) changes nothing. */
export async function checkRoute(send: (body: unknown) => Promise<{ statusCode: number; body: string }>, body: unknown) {
  const before = await snapshot();
  const res = await send(body);
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(() => JSON.parse(res.body || "{}")).not.toThrow();
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body) as Record<string, unknown>;
    // A refusal (409) also names why (contracts/errors.ts) and, for personal details, what to fix.
    if (res.statusCode === 409) expect(body).toMatchObject({ message: expect.any(String), code: expect.toBeOneOf([...REFUSAL_CODES]) });
    else expect(body).toEqual({ message: expect.any(String) });
    expect(await snapshot()).toBe(before);
  }
}

/** Runs of each property. */
export const runs = { numRuns: 60 };
