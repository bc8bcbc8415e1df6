import { badRequest } from "../../http/errors.ts";
import type { ListPosition } from "./shows.repository.ts";

/** An opaque cursor: the position (created time and id) of the last show on the previous page. */
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`).toString("base64url");
}

export function decodeCursor(cursor: string): ListPosition {
  const [createdAt = "", id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const numericId = Number(id);
  const wellFormed = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt) && !Number.isNaN(Date.parse(createdAt));
  if (!wellFormed || !Number.isInteger(numericId) || numericId < 1 || numericId > 2_147_483_647) {
    throw badRequest("That list cursor is not valid; start again without it");
  }
  return { createdAt, id: numericId };
}
