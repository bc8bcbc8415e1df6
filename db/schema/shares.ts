import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { reels } from "./reels.ts";
import { shows } from "./shows.ts";
import { users } from "./users.ts";

/* Private share links (decision 018). */

/**
 * Private share links of a show (decision 018). Only the SHA-256 of the token is kept, so the database
 * alone never opens a link. A link plays the show's approved video at the moment it is watched.
 */
export const shareLinks = pgTable(
  "share_links",
  {
    id: serial("id").primaryKey(),
    /** A show's link names its show; a cabin reel's link its reel instead (exactly one is set). */
    showId: integer("show_id").references(() => shows.id, { onDelete: "cascade" }),
    reelId: integer("reel_id").references((): AnyPgColumn => reels.id, { onDelete: "cascade" }),
    /** The show's camper (links go with their account); for a reel, the staff member who made the reel. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the token in the link. */
    tokenHash: text("token_hash").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: integer("revoked_by").references(() => users.id, { onDelete: "set null" }),
    views: integer("views").notNull().default(0),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("share_links_token_hash_idx").on(t.tokenHash),
    index("share_links_show_idx").on(t.showId, t.createdAt),
    index("share_links_reel_idx").on(t.reelId, t.createdAt),
    check("share_links_show_or_reel", sql`(${t.showId} IS NULL) <> (${t.reelId} IS NULL)`),
  ],
);
