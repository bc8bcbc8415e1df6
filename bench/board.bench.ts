/**
 * The cabin board for a camp of 500 campers (prints figures; never asserts): 10 cabins of 50, each
 * camper with 0-3 shows (answers, a narration, clips), a third of the shows sent, some approved and
 * shared. Times GET /api/staff/board's service as the director (every camper) and as a counselor of
 * one cabin (50 campers), on PGlite in memory, or on PostgreSQL when BENCH_DATABASE_URL is set.
 * Run: npx tsx bench/board.bench.ts
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { BoardRepository } from "../server/modules/board/board.repository.ts";
import { BoardService } from "../server/modules/board/board.service.ts";
import { StaffScopes } from "../server/modules/staff/staff-scope.ts";
import { addStaffAccount } from "../server/modules/staff/staff-accounts.ts";
import { StaffAccountsRepository } from "../server/modules/staff/staff-accounts.repository.ts";
import { UsersRepository } from "../server/modules/auth/users.repository.ts";
import { CabinsRepository } from "../server/modules/staff/cabins.repository.ts";

const CAMPERS = 500;
const CABINS = 10;
const RUNS = 20;

const url = process.env.BENCH_DATABASE_URL;
const { db, close } = await openDatabase(url ? { kind: "postgres", url } : { kind: "pglite", dataDir: null });

await db.execute(sql`INSERT INTO cabins (name) SELECT 'Cabin ' || g FROM generate_series(1, ${CABINS}) g`);
await db.execute(sql`INSERT INTO camp_sessions (name) VALUES ('July A'), ('August')`);
await db.execute(sql`
  INSERT INTO users (username, role, first_name, last_initial, cabin_id, camp_session_id, media_release)
  SELECT 'bench_' || g, 'camper', 'Camper' || g, 'R', (SELECT id FROM cabins ORDER BY id OFFSET (g % ${CABINS}) LIMIT 1),
         (SELECT id FROM camp_sessions ORDER BY id OFFSET (g % 2) LIMIT 1), g % 7 <> 0
  FROM generate_series(1, ${CAMPERS}) g`);
await db.execute(sql`
  INSERT INTO shows (user_id, title, narration, prompts, responses, updated_at)
  SELECT u.id, 'Show ' || s, CASE WHEN s > 1 THEN 'We swam across the lake.' END, '["a"]'::jsonb, '["we swam"]'::jsonb,
         now() - make_interval(mins => (u.id * 7 + s) % 5000)
  FROM users u CROSS JOIN generate_series(1, 3) s
  WHERE u.role = 'camper' AND s <= u.id % 4`);
await db.execute(sql`
  INSERT INTO clips (user_id, show_id, title, mime_type, storage_key, size_bytes, uploaded_bytes, upload_sha256, duration_seconds)
  SELECT r.user_id, r.id, 'Clip', 'video/webm', 'k/' || r.id || '/' || c, 1000, 1000, 'x', 3
  FROM shows r CROSS JOIN generate_series(1, 4) c WHERE r.narration IS NOT NULL`);
await db.execute(sql`
  INSERT INTO show_reviews (show_id, user_id, status, approved_render_job_id)
  SELECT r.id, r.user_id, CASE WHEN r.id % 2 = 0 THEN 'waiting' ELSE 'approved' END, NULL
  FROM shows r WHERE r.narration IS NOT NULL AND r.id % 3 = 0`);
await db.execute(sql`
  INSERT INTO share_links (show_id, user_id, token_hash, expires_at)
  SELECT show_id, user_id, md5(show_id::text), now() + interval '7 days' FROM show_reviews WHERE status = 'approved'`);

await addStaffAccount(new StaffAccountsRepository(db), "bench_director", "sunny-lake-2026-bench", { role: "admin" });
await addStaffAccount(new StaffAccountsRepository(db), "bench_counselor", "sunny-lake-2026-bench", { role: "counselor", cabins: ["Cabin 3"] });
const staff = async (username: string) => {
  const rows = (await db.execute(sql`SELECT id, role FROM users WHERE username = ${username}`)) as unknown as { rows: { id: number; role: "admin" | "counselor" }[] };
  const row = rows.rows[0]!;
  return { id: row.id, role: row.role, username } as Parameters<BoardService["forStaff"]>[0];
};
const board = new BoardService(new BoardRepository(db), new StaffScopes(new UsersRepository(db), new CabinsRepository(db)), true);

for (const [label, who] of [["director, every cabin", await staff("bench_director")], ["counselor, one cabin", await staff("bench_counselor")]] as const) {
  const times: number[] = [];
  let campers = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    campers = (await board.forStaff(who, {})).campers.length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
  console.log(`${label}: ${campers} campers, median ${at(50)} ms, p90 ${at(90)} ms over ${RUNS} runs (${url ? "PostgreSQL" : "PGlite"})`);
}
await close();
