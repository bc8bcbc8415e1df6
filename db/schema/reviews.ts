import type { StaffRole } from "../../contracts/auth.ts";
import type { PersonalDetailKind } from "../../contracts/personal-details.ts";
import type { SubmittedReviewState } from "../../contracts/reviews.ts";
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { shows } from "./shows.ts";
import { users } from "./users.ts";

/* Review by staff: show reviews, the personal-details check's kept phrases and AI opinions, the staff audit log. */

/**
 * A show's review by camp staff: one row per show, made when the camper first submits it. The
 * video under review is a render job; approval names the render staff watched, so a newer video
 * of an approved show counts as waiting again.
 */
export const showReviews = pgTable(
  "show_reviews",
  {
    showId: integer("show_id")
      .primaryKey()
      .references(() => shows.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<SubmittedReviewState>().notNull(),
    /** The render the camper sent (pinned at submit): what staff watch and decide on. */
    renderJobId: integer("render_job_id"),
    /** The fingerprint of the sent render: a current video with another one is "changed since it was sent". */
    sentFingerprint: text("sent_fingerprint"),
    /** The render staff last approved: what a share link plays. */
    approvedRenderJobId: integer("approved_render_job_id"),
    camperMessage: text("camper_message"),
    staffNote: text("staff_note"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * The personal-details check as it stood when the camper last submitted (what was flagged and
     * what they kept), for staff: a PersonalDetailsCheck (contracts/personal-details.ts).
     */
    personalDetails: jsonb("personal_details"),
  },
  (t) => [index("show_reviews_status_idx").on(t.status)],
);

/**
 * Phrases the personal-details check flagged that the camper kept ("It's OK to share"): a false alarm
 * or a detail they mean to share. Keyed by kind and the words (spacing and capitals aside), so a kept
 * phrase stays kept wherever it appears in the show.
 */
export const personalDetailKeeps = pgTable(
  "personal_detail_keeps",
  {
    showId: integer("show_id")
      .notNull()
      .references(() => shows.id, { onDelete: "cascade" }),
    /** kind:words, as keptKey() makes it. */
    key: text("key").notNull(),
    kind: text("kind").$type<PersonalDetailKind>().notNull(),
    phrase: text("phrase").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.showId, t.key] })],
);

/**
 * The AI's second opinion on a show's texts as last asked (one row a show): the findings it gave for
 * exactly the texts whose SHA-256 is kept, so the same texts are not sent again (each call is paid for
 * and counts against the camper's AI limit). Goes with its show.
 */
export const personalDetailOpinions = pgTable("personal_detail_opinions", {
  showId: integer("show_id")
    .primaryKey()
    .references(() => shows.id, { onDelete: "cascade" }),
  /** SHA-256 of the provider (address and model) and the exact texts sent. */
  textsSha256: text("texts_sha256").notNull(),
  /** Where in those texts each phrase it found is (the texts are the same whenever this row is read). */
  findings: jsonb("findings")
    .$type<{ kind: PersonalDetailKind; phrase: string; start: number; end: number; field: "title" | "script" | "captions" }[]>()
    .notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What staff did, kept when the camper or show is gone (so no foreign keys on those ids); the
 * staff member's name is copied so the log still reads after their account is removed.
 */
export const staffAuditLog = pgTable(
  "staff_audit_log",
  {
    id: serial("id").primaryKey(),
    staffUserId: integer("staff_user_id"),
    staffUsername: text("staff_username").notNull(),
    /** admin or counselor when they acted (a counselor's actions on their campers are told apart); null: the app. */
    staffRole: text("staff_role").$type<StaffRole>(),
    action: text("action").notNull(),
    camperUserId: integer("camper_user_id"),
    showId: integer("show_id"),
    detail: text("detail"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_audit_log_created_idx").on(t.createdAt.desc(), t.id.desc())],
);
