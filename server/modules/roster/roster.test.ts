import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../contracts/auth.ts";
import type { AuditEntry } from "../../../contracts/reviews.ts";
import { ROSTER_MESSAGES, type RosterResult } from "../../../contracts/roster.ts";
import type { App } from "../../app.ts";
import { createTestApp, registerCamper, registerStaff, type SignedInClient } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";
import { isWellFormedLoginCode, normalizeLoginCode } from "../auth/login-codes.ts";

const ROSTER = [
  "first_name,last_initial,cabin,session,media_release",
  "Zoë,D,Pines,July A,yes",
  "D'Angelo,r,Pines,July A,no",
  "Renée,M,Cedars,July A,Y",
  "José,é,Cedars,July A,0",
].join("\r\n");

function importRoster(app: App, who: SignedInClient, body: string, contentType = "text/csv") {
  return app.inject({ method: "POST", url: "/api/staff/roster", headers: { cookie: who.cookie, "content-type": contentType }, payload: body });
}

describe("POST /api/staff/roster", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("makes a camper per row with a friendly username, cabins, sessions and a sign-in code, names kept as typed", async () => {
    const admin = await registerStaff(app);
    const response = await importRoster(app, admin, `\uFEFF${ROSTER}\r\n`, "text/csv; charset=utf-8");
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as RosterResult;
    expect(result.refused).toEqual([]);
    expect(result.matched).toEqual([]);
    expect(result.made.map(({ line, username, firstName, lastInitial, cabin, session, mediaRelease }) => ({ line, username, firstName, lastInitial, cabin, session, mediaRelease }))).toEqual([
      { line: 2, username: "zoe.d", firstName: "Zoë", lastInitial: "D", cabin: "Pines", session: "July A", mediaRelease: true },
      { line: 3, username: "dangelo.r", firstName: "D'Angelo", lastInitial: "R", cabin: "Pines", session: "July A", mediaRelease: false },
      { line: 4, username: "renee.m", firstName: "Renée", lastInitial: "M", cabin: "Cedars", session: "July A", mediaRelease: true },
      { line: 5, username: "jose.e", firstName: "José", lastInitial: "É", cabin: "Cedars", session: "July A", mediaRelease: false },
    ]);
    for (const made of result.made) expect(isWellFormedLoginCode(normalizeLoginCode(made.code))).toBe(true);

    // The camper signs in with the card's code... once the code route exists; here: the account is a camper's, without a password.
    const { db } = await testDatabase();
    const rows = await queryRows<{ role: string; password_hash: string | null; login_code_hash: string | null }>(
      db,
      sql`SELECT role, password_hash, login_code_hash FROM users WHERE username = 'zoe.d'`,
    );
    expect(rows).toEqual([{ role: "camper", password_hash: null, login_code_hash: expect.stringMatching(/^\$argon2id\$/) }]);

    // The list staff read shows them in their cabins.
    const campers = (await app.inject({ method: "GET", url: "/api/staff/campers?cabin=pines", headers: { cookie: admin.cookie } })).json();
    expect(campers.map((c: { username: string }) => c.username).sort()).toEqual(["dangelo.r", "zoe.d"]);
    expect(campers[0]).toMatchObject({ hasPassword: false, hasCode: true });

    const audit = (await app.inject({ method: "GET", url: "/api/staff/audit", headers: { cookie: admin.cookie } })).json() as AuditEntry[];
    expect(audit[0]).toMatchObject({ action: "import_roster", detail: "made 4, matched 0, refused 0" });
  });

  it("reads the columns in any order and header names in any case or spacing, with quoted values", async () => {
    const admin = await registerStaff(app);
    const csv = ['Media Release, CABIN ,Session,Last Initial,First-Name', 'yes,"Pines, North",July A,K,"Mary ""Mo"" Ann"', "no,Pines North,July A,K,Sam"].join("\n");
    const result = (await importRoster(app, admin, csv)).json() as RosterResult;
    expect(result.refused).toEqual([]);
    expect(result.made.map((m) => [m.firstName, m.cabin, m.username, m.mediaRelease])).toEqual([
      ['Mary "Mo" Ann', "Pines, North", "marymoann.k", true],
      ["Sam", "Pines North", "sam.k", false],
    ]);
  });

  it("a second import of the same roster makes nothing and changes nothing; a changed media release is applied and said", async () => {
    const admin = await registerStaff(app);
    const first = (await importRoster(app, admin, ROSTER)).json() as RosterResult;
    const { db } = await testDatabase();
    const before = await queryRows(db, sql`SELECT id, username, login_code_hash, media_release FROM users WHERE role = 'camper' ORDER BY id`);

    // Letter case and accents differ: still the same campers.
    const again = (await importRoster(app, admin, ROSTER.replace("Zoë,D,Pines", "zoe,d,pines"))).json() as RosterResult;
    expect(again.made).toEqual([]);
    expect(again.refused).toEqual([]);
    expect(again.matched.map((m) => [m.line, m.userId, m.username, m.updated])).toEqual(first.made.map((m) => [m.line, m.userId, m.username, false]));
    expect(again.matched[0]).not.toHaveProperty("code");
    expect(await queryRows(db, sql`SELECT id, username, login_code_hash, media_release FROM users WHERE role = 'camper' ORDER BY id`)).toEqual(before);

    const withdrawn = (await importRoster(app, admin, ROSTER.replace("Zoë,D,Pines,July A,yes", "Zoë,D,Pines,July A,no"))).json() as RosterResult;
    expect(withdrawn.made).toEqual([]);
    expect(withdrawn.matched.filter((m) => m.updated).map((m) => [m.username, m.mediaRelease])).toEqual([["zoe.d", false]]);
  });

  it("refuses bad rows with their line and why, and makes the good ones", async () => {
    const admin = await registerStaff(app);
    const csv = [
      "first_name,last_initial,cabin,session,media_release",
      ",D,Pines,July A,yes",
      "Ava,DD,Pines,July A,yes",
      "Ava,D,,July A,yes",
      "Ava,D,Pines,,yes",
      "Ava,D,Pines,July A,maybe",
      "Ava,D,Pines,July A,yes",
      "",
      "AVA,d,Pines,July A,no",
      `${"A".repeat(41)},D,Pines,July A,yes`,
      "Ava,D,Pines",
    ].join("\n");
    const result = (await importRoster(app, admin, csv)).json() as RosterResult;
    expect(result.made.map((m) => m.line)).toEqual([7]);
    expect(result.refused.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 9, 10, 11]);
    const why = Object.fromEntries(result.refused.map((r) => [r.line, r.message]));
    expect(why[2]).toMatch(/first name is empty/);
    expect(why[3]).toMatch(/one letter/);
    expect(why[4]).toMatch(/cabin is empty/);
    expect(why[5]).toMatch(/session is empty/);
    expect(why[6]).toMatch(/media_release "maybe" must be yes or no/);
    expect(why[9]).toMatch(/same camper as line 7/);
    expect(why[10]).toMatch(/longer than 40/);
    expect(why[11]).toMatch(/3 values/);
  });

  it("numbers a username already taken: zoe.d, zoe.d2", async () => {
    const admin = await registerStaff(app);
    await registerCamper(app, { username: "Zoe.D" });
    const result = (await importRoster(app, admin, "first_name,last_initial,cabin,session,media_release\nZoë,D,Pines,July A,yes\nZoe,D,Cedars,July A,yes")).json() as RosterResult;
    expect(result.made.map((m) => m.username)).toEqual(["zoe.d2", "zoe.d3"]);
  });

  it("refuses a broken file with a 400 and its reason, changing nothing", async () => {
    const admin = await registerStaff(app);
    const cases: [string, RegExp][] = [
      ["", /empty/],
      ["first_name,last_initial,cabin,session,media_release,email\nAva,D,Pines,July A,yes,a@b.c", /column "email" the roster does not have/],
      ["first_name,last_initial,cabin,session\nAva,D,Pines,July A", /missing the column media_release/],
      ["first_name,last_initial,cabin,session,media_release,cabin\n", /cabin twice/],
      ['first_name,last_initial,cabin,session,media_release\n"Ava,D,Pines,July A,yes', /never ends/],
    ];
    for (const [csv, message] of cases) {
      const response = await importRoster(app, admin, csv);
      expect(response.statusCode, csv).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const latin1 = await app.inject({
      method: "POST",
      url: "/api/staff/roster",
      headers: { cookie: admin.cookie, "content-type": "text/csv" },
      payload: Buffer.from("first_name,last_initial,cabin,session,media_release\nZo\xeb,D,Pines,July A,yes", "latin1"),
    });
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json()).toEqual({ message: ROSTER_MESSAGES.notUtf8 });
    const json = await app.inject({ method: "POST", url: "/api/staff/roster", headers: { cookie: admin.cookie }, payload: { rows: [] } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: ROSTER_MESSAGES.notCsv });
    const form = await importRoster(app, admin, "first_name=Ava", "application/x-www-form-urlencoded");
    expect([form.statusCode, form.json()]).toEqual([415, { message: ROSTER_MESSAGES.notCsv }]);
    const { db } = await testDatabase();
    expect(await queryRows(db, sql`SELECT id FROM users WHERE role = 'camper' UNION ALL SELECT id FROM cabins UNION ALL SELECT id FROM camp_sessions`)).toEqual([]);
  });

  it("is the director's alone: a counselor and a camper get 403, signed out 401", async () => {
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Pines"] });
    const camper = await registerCamper(app);
    const asCounselor = await importRoster(app, counselor, ROSTER);
    expect(asCounselor.statusCode).toBe(403);
    expect(asCounselor.json()).toEqual({ message: AUTH_MESSAGES.adminOnly });
    expect((await importRoster(app, camper, ROSTER)).statusCode).toBe(403);
    expect((await app.inject({ method: "POST", url: "/api/staff/roster", headers: { "content-type": "text/csv" }, payload: ROSTER })).statusCode).toBe(401);
    const { db } = await testDatabase();
    expect(await queryRows(db, sql`SELECT id FROM users WHERE first_name IS NOT NULL`)).toEqual([]);
  });

  it("two imports of one roster at once make each camper once", async () => {
    const admin = await registerStaff(app);
    const csv = ["first_name,last_initial,cabin,session,media_release", ...Array.from({ length: 12 }, (_, i) => `Camper${i},Q,Birches,Aug,yes`)].join("\n");
    const [a, b] = await Promise.all([importRoster(app, admin, csv), importRoster(app, admin, csv)]);
    const results = [a.json(), b.json()] as RosterResult[];
    expect(results.map((r) => r.made.length).sort((x, y) => x - y)).toEqual([0, 12]);
    expect(results.map((r) => r.matched.length).sort((x, y) => x - y)).toEqual([0, 12]);
    const { db } = await testDatabase();
    expect(await queryRows(db, sql`SELECT count(*)::int AS n FROM users WHERE role = 'camper'`)).toEqual([{ n: 12 }]);
  });

  it("never answers 5xx to generated rosters, and a refused file stores nothing", async () => {
    const admin = await registerStaff(app);
    const { db } = await testDatabase();
    const cell = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 12 }),
      fc.constantFrom("", " ", '"', '""', ",", "\n", "\r\n", "\u0000", "yes", "no", "Zoë", "D", "Pines"),
    );
    const header = fc.oneof(fc.constant("first_name,last_initial,cabin,session,media_release"), fc.array(cell, { maxLength: 6 }).map((c) => c.join(",")));
    const rosterText = fc.tuple(header, fc.array(fc.array(cell, { maxLength: 6 }).map((c) => c.join(",")), { maxLength: 5 })).map(([h, rows]) => [h, ...rows].join("\n"));
    await fc.assert(
      fc.asyncProperty(rosterText, async (text) => {
        const before = await queryRows(db, sql`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM cabins)::int AS cabins`);
        const response = await importRoster(app, admin, text);
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.json()).toEqual({ message: expect.any(String) });
          expect(await queryRows(db, sql`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM cabins)::int AS cabins`)).toEqual(before);
        }
      }),
      { numRuns: 40 },
    );
  });
});
