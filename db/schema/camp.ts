import { sql } from "drizzle-orm";
import { DEFAULT_CAMP_COLOURS } from "../../contracts/video-style.ts";
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/* The camp: its sessions, cabins, settings and media retention rule. */

/**
 * The camp's sessions ("July A", "Session 2"): a roster row names one; a camper belongs to at most one.
 * Called camp sessions so they are never confused with sign-in sessions (`sessions`).
 */
export const campSessions = pgTable(
  "camp_sessions",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The director asked to delete this session's campers (accounts and data); housekeeping does it once
     * the retention rule's moment has passed (decision 027c). Null: not asked.
     */
    deleteRequestedAt: timestamp("delete_requested_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("camp_sessions_name_lower_idx").on(sql`lower(${t.name})`)],
);

/** The camp's cabins ("Pines"), the same in every session; counselors look after cabins (staff_cabins). */
export const cabins = pgTable(
  "cabins",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cabins_name_lower_idx").on(sql`lower(${t.name})`)],
);

/** The camp's settings, one row (id 1): what the director sets for the whole camp. */
export const campSettings = pgTable("camp_settings", {
  id: integer("id").primaryKey(),
  /** The camp's name, on reels' title cards. */
  campName: text("camp_name").notNull().default("Summer Camp"),
  /** A camper's session ends after this many minutes without a request (shared tablets); 0 is never. */
  camperIdleMinutes: integer("camper_idle_minutes").notNull().default(15),
  /** The camp's colours on videos' title and end cards. */
  colour: text("colour").notNull().default(DEFAULT_CAMP_COLOURS.background),
  accentColour: text("accent_colour").notNull().default(DEFAULT_CAMP_COLOURS.accent),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The camp's one media retention rule (id is always 1): campers' media made before `delete_at`
 * (starts_on + after_days, midnight UTC) is deleted by housekeeping once that moment passes, and
 * `executed_at` records that it ran (a rule runs once; staff set a new one for a later camp).
 * See docs/decisions/ (retention rule).
 */
export const campRetention = pgTable("camp_retention", {
  id: integer("id").primaryKey(),
  /** The day the count starts from (e.g. the camp's last day), YYYY-MM-DD. */
  startsOn: text("starts_on").notNull(),
  afterDays: integer("after_days").notNull(),
  deleteAt: timestamp("delete_at", { withTimezone: true }).notNull(),
  setByUsername: text("set_by_username").notNull(),
  setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
  executedAt: timestamp("executed_at", { withTimezone: true }),
});
