import { sql } from "drizzle-orm";
import type { UserRole } from "../../contracts/auth.ts";
import type { SubscriptionTier } from "../../contracts/product.ts";
import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cabins, campSessions } from "./camp.ts";

/* Accounts and signing in: users, the cabins staff look after, sessions, known devices, rate-limit counters. */

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    /** Null for a camper made from the roster who signs in by card code only (until they add a password). */
    passwordHash: text("password_hash"),
    subscriptionTier: text("subscription_tier").$type<SubscriptionTier>().notNull().default("free"),
    showsCount: integer("shows_count").notNull().default(0),
    /** camper, admin (the director) or counselor; staff are never made by a camper's own route. */
    role: text("role").$type<UserRole>().notNull().default("camper"),
    /** From the roster: the first name and last initial, the only personal details it collects. */
    firstName: text("first_name"),
    lastInitial: text("last_initial"),
    cabinId: integer("cabin_id").references((): AnyPgColumn => cabins.id, { onDelete: "set null" }),
    campSessionId: integer("camp_session_id").references((): AnyPgColumn => campSessions.id, { onDelete: "set null" }),
    /**
     * The family's permission to share the camper's video and show it in reels. A self-registered camper
     * has it (as before rosters); a roster row says yes or no; staff can change it.
     */
    mediaRelease: boolean("media_release").notNull().default(true),
    /**
     * The sign-in card: the code's first part, kept plain to find the account, and an argon2id hash of the
     * whole code (decision 027b). Reissuing replaces both, so the old card stops at once.
     */
    loginCodeLookup: text("login_code_lookup"),
    loginCodeHash: text("login_code_hash"),
    loginCodeIssuedAt: timestamp("login_code_issued_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Usernames are unique whatever their case: "Maya" and "maya" are one camper.
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_login_code_lookup_idx").on(t.loginCodeLookup),
    index("users_cabin_idx").on(t.cabinId),
    index("users_camp_session_idx").on(t.campSessionId),
  ],
);

/** Which cabins a counselor looks after: they reach those cabins' campers and nobody else's. */
export const staffCabins = pgTable(
  "staff_cabins",
  {
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cabinId: integer("cabin_id")
      .notNull()
      .references(() => cabins.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.staffUserId, t.cabinId] }), index("staff_cabins_cabin_idx").on(t.cabinId)],
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
    // Written at most once a minute, and only for staff: their sessions end after a while idle.
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    // When the password was last typed again in this session (staff, before exports and retention).
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Devices that have signed in to an account (OWASP's device cookies). The `ss_device` cookie carries a
 * random token; the table keeps its SHA-256 once per account signed in on that device. A known device
 * is judged by its own failures only, so a stranger guessing a camper's password cannot lock her out.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index("known_devices_last_seen_idx").on(t.lastSeenAt)],
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
    // Attempts counted in `count` whose outcome is not known yet (a sign-in whose password is being
    // checked): a success takes its count back, a failure keeps it.
    pending: integer("pending").notNull().default(0),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);
