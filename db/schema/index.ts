import { sql } from "drizzle-orm";
import type { StaffRole, UserRole } from "../../contracts/auth.ts";
import type { NarrationTone, SubscriptionTier, VideoFormatKey } from "../../contracts/product.ts";
import type { PersonalDetailKind } from "../../contracts/personal-details.ts";
import type { AudioSource, FitMode } from "../../contracts/recordings.ts";
import type { RenderStatus } from "../../contracts/renders.ts";
import type { SubmittedReviewState } from "../../contracts/reviews.ts";
import type { ScriptCheck } from "../../contracts/shots.ts";
import type { ReelItem } from "../../contracts/reels.ts";
import type { ClipKind } from "../../contracts/clips.ts";
import { DEFAULT_CAMP_COLOURS, type CaptionStyle, type MusicLevel, type RenderCards, type RenderMusic } from "../../contracts/video-style.ts";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

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

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    /** Null for a camper made from the roster who signs in by card code only (until they add a password). */
    passwordHash: text("password_hash"),
    subscriptionTier: text("subscription_tier").$type<SubscriptionTier>().notNull().default("free"),
    recordingsCount: integer("recordings_count").notNull().default(0),
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
    tone: text("tone").$type<NarrationTone>().notNull().default("friendly"),
    videoFormat: text("video_format").$type<VideoFormatKey>().notNull().default("linkedin"),
    lengthSeconds: integer("length_seconds").notNull().default(120),
    // The narration screen's audio choice: the clips' own sound, or the AI voice-over.
    audioSource: text("audio_source").$type<AudioSource>().notNull().default("original"),
    // The AI's first narration, so Reset to Original works on every screen and after a reload.
    originalNarration: text("original_narration"),
    // The final video's choices, one set per show: every download renders with them.
    // Voice: a name of the voice provider's list; null is the provider's default.
    voice: text("voice"),
    fit: text("fit").$type<FitMode>().notNull().default("crop"),
    // Null: automatic (on when the AI voice reads the script, off with the clips' own sound).
    captions: boolean("captions"),
    // Issue 28: music (a track id of contracts/music.ts, null for none), cross-fades, caption style, cards.
    music: text("music"),
    musicLevel: text("music_level").$type<MusicLevel>().notNull().default("medium"),
    transitions: boolean("transitions").notNull().default(true),
    captionStyle: text("caption_style").$type<CaptionStyle>().notNull().default("lines"),
    titleCard: boolean("title_card").notNull().default(true),
    titleCardName: boolean("title_card_name").notNull().default(false),
    // The device's random key for a story it is creating: a create repeated after a lost answer (a
    // reload mid-request, a retry) finds the show it made instead of making a second one.
    draftKey: text("draft_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("recordings_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex("recordings_user_draft_key_idx").on(t.userId, t.draftKey),
  ],
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

/** A finished video clip: remuxed media in storage, attached to a show or still loose. */
export const clips = pgTable(
  "clips",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Loose until the show it was recorded for is saved.
    showId: integer("show_id").references(() => recordings.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull().default(0),
    // video, or photo (a JPEG with every metadata stripped, shown for duration_seconds).
    kind: text("kind").$type<ClipKind>().notNull().default("video"),
    mimeType: text("mime_type").notNull(),
    storageKey: text("storage_key").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    uploadedBytes: bigint("uploaded_bytes", { mode: "number" }).notNull(),
    uploadSha256: text("upload_sha256").notNull(),
    durationSeconds: doublePrecision("duration_seconds").notNull(),
    transcription: text("transcription"),
    // The part of the clip the show uses (seconds into the file); the stored file is never re-encoded.
    trimStartSeconds: doublePrecision("trim_start_seconds").notNull().default(0),
    // null: to the clip's end.
    trimEndSeconds: doublePrecision("trim_end_seconds"),
    // A still from the clip (JPEG) made when it was saved; null when ffmpeg could not grab one.
    posterKey: text("poster_key"),
    // The shot this clip is a take of (record to the script); null for a free recording.
    shotId: integer("shot_id").references((): AnyPgColumn => shots.id, { onDelete: "set null" }),
    // The last check of this take against its shot's lines (contracts/shots.ts ScriptCheck).
    scriptCheck: jsonb("script_check").$type<ScriptCheck>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("clips_user_show_idx").on(t.userId, t.showId, t.position), index("clips_shot_idx").on(t.shotId)],
);

/**
 * The words a listener heard in a clip's whole sound while listening for a script, with their times
 * (seconds into the file), kept by the clip's content (its upload's SHA-256), the listener and the
 * script: a trim is a cut of these words, and another request or instance reads them instead of
 * listening again. Rows of content no clip of the camper has any longer go in the hourly housekeeping.
 */
export const clipHeardWords = pgTable(
  "clip_heard_words",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentSha256: text("content_sha256").notNull(),
    listener: text("listener").notNull(),
    scriptSha256: text("script_sha256").notNull(),
    words: jsonb("words").$type<{ word: string; start: number; end: number }[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contentSha256, t.listener, t.scriptSha256] })],
);

/**
 * A show's narration grouped into shots for recording to the script. The narration on the show is
 * the truth for the words; `text` is this shot's part of it as last laid out, so the server can tell
 * when the narration changed since and follow it (keeping shots whose lines barely changed).
 */
export const shots = pgTable(
  "shots",
  {
    id: serial("id").primaryKey(),
    showId: integer("show_id")
      .notNull()
      .references(() => recordings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    // The take the finished video uses; a take stays a take of its shot when another is chosen.
    chosenClipId: integer("chosen_clip_id").references((): AnyPgColumn => clips.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("shots_show_position_idx").on(t.showId, t.position)],
);

/**
 * Resumable uploads (tus). The row is the truth about how many bytes arrived, so any app instance
 * can continue an upload another one started; `locked_until` keeps two writers apart.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    showId: integer("show_id").references(() => recordings.id, { onDelete: "set null" }),
    // The shot a take is recorded for (tus metadata `shotId`): the finished clip becomes its take. tus
    // sends metadata only with the create, so it waits here for the last byte.
    shotId: integer("shot_id").references((): AnyPgColumn => shots.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    storageKey: text("storage_key").notNull(),
    offset: bigint("offset", { mode: "number" }).notNull().default(0),
    length: bigint("length", { mode: "number" }),
    status: text("status").$type<"uploading" | "done" | "failed">().notNull().default("uploading"),
    failure: text("failure"),
    clipId: integer("clip_id"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_user_idx").on(t.userId)],
);

/** AI voice readings of a show's narration, cached by the exact text, provider and voice. */
export const voiceOvers = pgTable(
  "voice_overs",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    showId: integer("show_id")
      .notNull()
      .references(() => recordings.id, { onDelete: "cascade" }),
    textSha256: text("text_sha256").notNull(),
    provider: text("provider").notNull(),
    voice: text("voice").notNull(),
    storageKey: text("storage_key").notNull(),
    mimeType: text("mime_type").notNull(),
    durationSeconds: doublePrecision("duration_seconds").notNull(),
    // When each sentence starts and ends in the audio, measured from the audio itself (captions follow it).
    sentences: jsonb("sentences").$type<{ text: string; start: number; end: number }[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("voice_overs_cache_idx").on(t.showId, t.textSha256, t.provider, t.voice)],
);

/**
 * Space held for bytes still arriving (a PATCH or multipart upload streaming in, a voice sample),
 * counted in the camper's quota until the writer ends or its lease lapses (a writer that died). Taken
 * a slice at a time under the camper's advisory lock, so writers at the same instant cannot together
 * pass the quota.
 */
export const storageReservations = pgTable(
  "storage_reservations",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    heldUntil: timestamp("held_until", { withTimezone: true }).notNull(),
  },
  (t) => [index("storage_reservations_user_idx").on(t.userId)],
);

/** A camper's own voice sample (one at a time), kept for a future cloning provider. */
export const voiceSamples = pgTable("voice_samples", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  storageKey: text("storage_key").notNull(),
  mimeType: text("mime_type").notNull(),
  sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
  durationSeconds: doublePrecision("duration_seconds").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Background render jobs. Any instance's worker claims queued rows with SKIP LOCKED; a running
 * job whose heartbeat stops (a crash, a restart) is queued again or failed with a reason.
 */
export const renderJobs = pgTable(
  "render_jobs",
  {
    id: serial("id").primaryKey(),
    /** The camper whose show it renders, or the staff member who asked for a reel (the queue's turns go by it). */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A show's render names its show; a reel's render its reel instead (exactly one is set). */
    showId: integer("show_id").references(() => recordings.id, { onDelete: "cascade" }),
    reelId: integer("reel_id").references((): AnyPgColumn => reels.id, { onDelete: "cascade" }),
    /** Everything the output depends on; the same fingerprint reuses a finished render. */
    fingerprint: text("fingerprint").notNull(),
    // voice: the AI voice's name when audio is "voice" (absent in renders made before shows kept one).
    // captionsIfRead: automatic captions with the clips' own sound, made only when the camper read the script.
    options: jsonb("options")
      .$type<{
        fit: "crop" | "fit";
        audio: "original" | "voice";
        captions: boolean;
        captionsIfRead?: boolean;
        voice?: string | null;
        music?: RenderMusic | null;
        transitions?: boolean;
        captionStyle?: CaptionStyle;
        cards?: RenderCards | null;
      }>()
      .notNull(),
    status: text("status").$type<RenderStatus>().notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    message: text("message"),
    outputKey: text("output_key"),
    captionsKey: text("captions_key"),
    /**
     * The script this render was made from (the voice read it, the captions show it), so the
     * personal-details check of a sent or shared render reads its words, not the show's script now.
     * Null in renders made before it was kept.
     */
    narration: text("narration"),
    durationSeconds: doublePrecision("duration_seconds"),
    attempts: integer("attempts").notNull().default(0),
    lockedBy: text("locked_by"),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    /** When a worker last took the job: the queue serves first the camper served longest ago. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("render_jobs_status_idx").on(t.status, t.createdAt),
    index("render_jobs_show_idx").on(t.showId, t.fingerprint),
    index("render_jobs_user_status_idx").on(t.userId, t.status),
    index("render_jobs_reel_idx").on(t.reelId),
    check("render_jobs_show_or_reel", sql`(${t.showId} IS NULL) <> (${t.reelId} IS NULL)`),
  ],
);

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
      .references(() => recordings.id, { onDelete: "cascade" }),
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
      .references(() => recordings.id, { onDelete: "cascade" }),
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
    .references(() => recordings.id, { onDelete: "cascade" }),
  /** SHA-256 of the provider (address and model) and the exact texts sent. */
  textsSha256: text("texts_sha256").notNull(),
  /** Where in those texts each phrase it found is (the texts are the same whenever this row is read). */
  findings: jsonb("findings")
    .$type<{ kind: PersonalDetailKind; phrase: string; start: number; end: number; field: "title" | "script" | "captions" }[]>()
    .notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

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

/**
 * Private share links of a show (decision 018). Only the SHA-256 of the token is kept, so the database
 * alone never opens a link. A link plays the show's approved video at the moment it is watched.
 */
export const shareLinks = pgTable(
  "share_links",
  {
    id: serial("id").primaryKey(),
    /** A show's link names its show; a cabin reel's link its reel instead (exactly one is set). */
    showId: integer("show_id").references(() => recordings.id, { onDelete: "cascade" }),
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

/**
 * Pieces of a show's finished video made ahead (render ahead, decision 029d): short H.264 parts and one
 * audio part, keyed by a hash of everything that decides their frames or samples, so the next render
 * makes only the parts an edit touched. Files under users/{id}/render-parts/ (they go with the show, the
 * account, the retention rule, or when unused for RENDER_PARTS_KEEP_HOURS).
 */
export const renderParts = pgTable(
  "render_parts",
  {
    showId: integer("show_id")
      .notNull()
      .references(() => recordings.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    kind: text("kind").$type<"video" | "audio">().notNull(),
    storageKey: text("storage_key").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.showId, t.key] }), index("render_parts_user_used_idx").on(t.userId, t.lastUsedAt)],
);

/**
 * A show's video made ahead in full, waiting for the camper to press Render: adopted as a finished render
 * when the show's fingerprint and options are still the ones it was made from. One per show.
 */
export const renderPrepared = pgTable("render_prepared", {
  showId: integer("show_id")
    .primaryKey()
    .references(() => recordings.id, { onDelete: "cascade" }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  fingerprint: text("fingerprint").notNull(),
  options: jsonb("options").$type<(typeof renderJobs.$inferSelect)["options"]>().notNull(),
  narration: text("narration"),
  outputKey: text("output_key").notNull(),
  captionsKey: text("captions_key"),
  durationSeconds: doublePrecision("duration_seconds").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The background preparation queue: one ticket per show whose video changed. A worker takes one only while
 * no render waits (so preparation never delays a camper's render), and only once the show has been quiet
 * for the debounce (`run_after`). `requested_at` moves on every change, so a ticket changed while it was
 * being prepared is prepared again.
 */
export const renderPrepares = pgTable(
  "render_prepares",
  {
    showId: integer("show_id")
      .primaryKey()
      .references(() => recordings.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    firstRequestedAt: timestamp("first_requested_at", { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text("locked_by"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
  },
  (t) => [index("render_prepares_run_after_idx").on(t.runAfter)],
);
