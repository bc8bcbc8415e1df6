import { parseId } from "../../../contracts/ids.ts";
import { badRequest } from "../../http/errors.ts";
import type { ListPosition } from "./shows.repository.ts";

/** An opaque cursor: the position (created time and id) of the last show on the previous page. */
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`).toString("base64url");
}

const CURSOR_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * A time PostgreSQL accepts and that means what it says: `Date` silently rolls 2024-02-31 over into
 * March and knows a year 0 that PostgreSQL does not, so the calendar date must survive a round trip.
 */
function isRealTime(createdAt: string): boolean {
  const match = CURSOR_TIME.exec(createdAt);
  if (!match || Number(match[1]) < 1) return false;
  const parsed = new Date(createdAt);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === createdAt.slice(0, 19);
}

export function decodeCursor(cursor: string): ListPosition {
  const [createdAt = "", rawId] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const id = parseId(rawId);
  if (!isRealTime(createdAt) || id === null) {
    throw badRequest("That list cursor is not valid; start again without it");
  }
  return { createdAt, id };
}
