/**
 * The floor for bench:api (not part of the product): what signed-in GET /api/recordings costs with
 * nothing but node:http and pg. It does what our route does and no more: reads the ss_session cookie,
 * looks its SHA-256 up with our session query (the same prepared statement text, so the same plan),
 * writes the session's last request when it is a minute old as ours does, reads the camper's first
 * page with our shows query, and answers the same JSON bytes (our Show shape, in its order). No hooks,
 * no headers beyond content-type, no logging, no metrics, no validation. Listens on PORT; DATABASE_URL
 * names the database; pool of DATABASE_POOL_SIZE (10). Run by bench/api.bench.ts: tsx bench/bare-floor.ts
 */
import { createHash } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { SESSION_COOKIE } from "../server/http/session-cookie.ts";
import { SHOW_LIMITS } from "../contracts/shows.ts";
import { assertSameQueries, type Statement } from "./support/our-queries.ts";

/** Our SessionsRepository's live_session statement, word for word (checked at start against the repository). */
const LIVE_SESSION: Statement = {
  text: `select "users"."id", "users"."username", "users"."password_hash", "users"."subscription_tier", "users"."shows_count", "users"."role", "users"."first_name", "users"."last_initial", "users"."cabin_id", "users"."camp_session_id", "users"."media_release", "users"."login_code_lookup", "users"."login_code_hash", "users"."login_code_issued_at", "users"."created_at", "sessions"."last_seen_at" < now() - make_interval(secs => $1), coalesce("sessions"."confirmed_at" > now() - make_interval(secs => $2), false) from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" left join "camp_settings" on "camp_settings"."id" = $3 where ("sessions"."id" = $4 and "sessions"."expires_at" > now() and (CASE WHEN "users"."role" = 'camper' THEN coalesce("camp_settings"."camper_idle_minutes", 15) = 0 OR "sessions"."last_seen_at" > now() - make_interval(mins => coalesce("camp_settings"."camper_idle_minutes", 15))
                ELSE "sessions"."last_seen_at" > now() - make_interval(secs => $5) AND "sessions"."created_at" > now() - make_interval(secs => $6) END))`,
  params: [60, 300, 1, { name: "sessionId" }, 1800, 43200],
};

/** Our ShowsRepository's shows_first_page statement, word for word (checked likewise). */
const FIRST_PAGE: Statement = {
  text: `select "id", "user_id", "title", "video_url", "transcription", "summary", "narration", "prompts", "responses", "engagement", "is_draft", "tone", "video_format", "length_seconds", "audio_source", "original_narration", "voice", "fit", "captions", "music", "music_level", "transitions", "caption_style", "title_card", "title_card_name", "draft_key", "created_at", "updated_at", to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "exact_created_at" from "shows" where "shows"."user_id" = $1 order by "shows"."created_at" desc, "shows"."id" desc limit $2`,
  params: [{ name: "userId" }, { name: "limit" }],
};

assertSameQueries({ live_session: LIVE_SESSION, shows_first_page: FIRST_PAGE });

/** The statement's values, with the session's id where our repository puts it. */
const liveSessionValues = (sessionId: string) => LIVE_SESSION.params.map((p) => (typeof p === "object" ? sessionId : p));

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });

function sessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const token = decodeURIComponent(part.slice(eq + 1).trim());
      return token && token.length <= 128 ? token : undefined;
    }
  }
  return undefined;
}

type Row = unknown[];

/** Our toShow over the statement's columns, in the Show contract's order. */
function toShow(r: Row) {
  return {
    id: r[0],
    userId: r[1],
    title: r[2],
    videoUrl: r[3],
    transcription: r[4],
    summary: r[5],
    narration: r[6],
    prompts: r[7],
    responses: r[8],
    engagement: r[9] ?? null,
    isDraft: r[10],
    tone: r[11],
    videoFormat: r[12],
    lengthSeconds: r[13],
    audioSource: r[14],
    originalNarration: r[15],
    voice: r[16],
    fit: r[17],
    captions: r[18],
    music: r[19],
    musicLevel: r[20],
    transitions: r[21],
    captionStyle: r[22],
    titleCard: r[23],
    titleCardName: r[24],
    createdAt: (r[26] as Date).toISOString(),
    updatedAt: (r[27] as Date).toISOString(),
  };
}

function send(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

async function listShows(req: http.IncomingMessage, res: http.ServerResponse) {
  const token = sessionToken(req.headers.cookie);
  if (!token) return send(res, 401, JSON.stringify({ message: "Please sign in." }));
  const sessionId = createHash("sha256").update(token).digest("base64url");
  const session = await pool.query<Row>({ name: "live_session", text: LIVE_SESSION.text, values: liveSessionValues(sessionId), rowMode: "array" });
  const user = session.rows[0];
  if (!user) return send(res, 401, JSON.stringify({ message: "Please sign in." }));
  if (user[15]) await pool.query("update sessions set last_seen_at = now() where id = $1", [sessionId]);
  const shows = await pool.query<Row>({ name: "shows_first_page", text: FIRST_PAGE.text, values: [user[0], SHOW_LIMITS.listPageMax + 1], rowMode: "array" });
  send(res, 200, JSON.stringify(shows.rows.slice(0, SHOW_LIMITS.listPageMax).map(toShow)));
}

const server = http.createServer((req, res) => {
  if (req.method !== "GET" || req.url !== "/api/recordings") return send(res, 404, JSON.stringify({ message: "Not found" }));
  listShows(req, res).catch((error: unknown) => send(res, 500, JSON.stringify({ message: String(error) })));
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => console.log("bare floor ready"));
process.on("SIGTERM", () => {
  server.closeAllConnections();
  process.exit(0);
});
