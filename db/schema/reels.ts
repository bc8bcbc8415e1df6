import { sql } from "drizzle-orm";
import type { VideoFormatKey } from "../../contracts/product.ts";
import type { ReelItem } from "../../contracts/reels.ts";
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { cabins, campSessions } from "./camp.ts";
import { users } from "./users.ts";

/* Cabin reels (decision 027d). */

/**
 * A cabin reel (decision 027d): staff's pick of approved videos of one cabin or one camp session, in
 * order, made into one video by the render workers (a render_jobs row with reel_id). Each item names the
 * approved render at pick time, so a newer video of a show never slips into a reel already made.
 */
export const reels = pgTable(
  "reels",
  {
    id: serial("id").primaryKey(),
    createdBy: integer("created_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    cabinId: integer("cabin_id").references((): AnyPgColumn => cabins.id, { onDelete: "cascade" }),
    campSessionId: integer("camp_session_id").references((): AnyPgColumn => campSessions.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    format: text("format").$type<VideoFormatKey>().notNull(),
    captions: boolean("captions").notNull(),
    maxSecondsPerCamper: integer("max_seconds_per_camper"),
    items: jsonb("items").$type<ReelItem[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("reels_cabin_idx").on(t.cabinId, t.createdAt),
    index("reels_session_idx").on(t.campSessionId, t.createdAt),
    check("reels_cabin_or_session", sql`(${t.cabinId} IS NULL) <> (${t.campSessionId} IS NULL)`),
  ],
);
