import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    subscriptionTier: text("subscription_tier").notNull().default("free"),
    recordingsCount: integer("recordings_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Usernames are unique whatever their case: "Maya" and "maya" are one camper.
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: text("tier").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }),
    sessionsRemaining: integer("sessions_remaining"),
    amountPaid: numeric("amount_paid", { precision: 10, scale: 2 }),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId)],
);

export const recordings = pgTable(
  "recordings",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    videoUrl: text("video_url").notNull().default(""),
    transcription: text("transcription"),
    summary: text("summary"),
    narration: text("narration"),
    prompts: jsonb("prompts").$type<string[]>().notNull().default([]),
    responses: jsonb("responses").$type<string[]>().notNull().default([]),
    engagement: jsonb("engagement").$type<Record<string, unknown>>(),
    isDraft: boolean("is_draft").notNull().default(false),
    // The choices made on the Create screen, kept so the show renders in its own format later.
    tone: text("tone").notNull().default("friendly"),
    videoFormat: text("video_format").notNull().default("linkedin"),
    lengthSeconds: integer("length_seconds").notNull().default(120),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recordings_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc())],
);

/**
 * Server-side sessions. The id is the SHA-256 of the cookie's token, so a copy of this table
 * cannot be replayed as cookies.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Fixed-window counters for rate limits. Kept in the database so every app instance sees the
 * same counts.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);
