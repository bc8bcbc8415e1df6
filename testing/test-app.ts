import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { buildApp, type App } from "../server/app.ts";
import { loadConfig, type AppConfig } from "../server/config.ts";
import { TEST_X264_PRESET } from "./render-speed.ts";
import type { Show } from "../contracts/shows.ts";
import { addStaffAccount, type StaffAccountChoices } from "../server/modules/staff/staff-accounts.ts";
import { buildCredentials, buildShowBody, uniqueSuffix, type Credentials, type ShowBody } from "./factories.ts";
import { testDatabase } from "./test-database.ts";
import { StaffAccountsRepository } from "../server/modules/staff/staff-accounts.repository.ts";

/** Tests keep media in a temporary folder of their worker, never in the working tree. */
export const TEST_DATA_DIR = path.join(tmpdir(), `summer-stories-test-${process.pid}`);

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({ NODE_ENV: "test", DATA_DIR: TEST_DATA_DIR, LOG_LEVEL: "silent", RENDER_X264_PRESET: TEST_X264_PRESET, ...env });
}

/** The real app on the worker's test database, for `app.inject` (no port). */
export async function createTestApp(env: Record<string, string> = {}): Promise<App> {
  const { db } = await testDatabase();
  const app = await buildApp({ config: testConfig(env), db });
  await app.ready();
  return app;
}

/** The app's log as it writes it (JSON lines), for tests of what is and is not logged. */
export interface CapturedLog {
  /** Every line parsed, growing as the app writes. */
  lines: Record<string, unknown>[];
  /** Every line, as written. */
  text(): string;
}

/** The real app, like createTestApp, logging at info level into a CapturedLog. */
export async function createLoggedTestApp(env: Record<string, string> = {}): Promise<{ app: App; log: CapturedLog }> {
  const written: string[] = [];
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        written.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const { db } = await testDatabase();
  const app = await buildApp({ config: testConfig(env), db, logger: { level: "info", stream } });
  await app.ready();
  return { app, log: { lines, text: () => written.join("\n") } };
}

/** The real app listening on a port of its own (for raw sockets), with its log collected. */
export async function listeningTestApp(): Promise<{ app: App; port: number; lines: { level: number; msg: string }[] }> {
  const { app, log } = await createLoggedTestApp();
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, port: (app.server.address() as { port: number }).port, lines: log.lines as unknown as { level: number; msg: string }[] };
}

export interface SignedInClient {
  credentials: Credentials;
  userId: number;
  cookie: string;
}

function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!header) throw new Error("no session cookie was set");
  return header.split(";")[0]!;
}

/** Registers a camper through the API and returns the session cookie to send with requests. */
export async function registerCamper(app: App, overrides: Partial<Credentials> = {}): Promise<SignedInClient> {
  const credentials = buildCredentials(overrides);
  const response = await app.inject({ method: "POST", url: "/api/register", payload: credentials });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { credentials, userId: response.json().id, cookie: sessionCookieOf(response.headers["set-cookie"]) };
}

export async function signIn(app: App, credentials: Credentials): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/api/login", payload: credentials });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return sessionCookieOf(response.headers["set-cookie"]);
}

/** Saves a show through the API as the given camper and returns it. */
export async function createShow(app: App, cookie: string, overrides: Partial<ShowBody> = {}) {
  const response = await app.inject({ method: "POST", url: "/api/narrations", headers: { cookie }, payload: buildShowBody(overrides) });
  if (response.statusCode !== 201) throw new Error(`create show failed: ${response.statusCode} ${response.body}`);
  return response.json() as Show;
}

/**
 * A staff account made the way `npm run staff:add` makes it, signed in through the API: the camp's
 * director (admin) unless `choices` make a counselor of some cabins.
 */
export async function registerStaff(app: App, overrides: Partial<Credentials> = {}, choices: StaffAccountChoices = { role: "admin" }): Promise<SignedInClient> {
  const credentials = buildCredentials({ username: `staff_${uniqueSuffix()}`.slice(0, 32), ...overrides });
  const { db } = await testDatabase();
  await addStaffAccount(new StaffAccountsRepository(db), credentials.username, credentials.password, choices);
  const response = await app.inject({ method: "POST", url: "/api/login", payload: credentials });
  if (response.statusCode !== 200) throw new Error(`staff login failed: ${response.statusCode} ${response.body}`);
  return { credentials, userId: response.json().id, cookie: sessionCookieOf(response.headers["set-cookie"]) };
}

/**
 * Staff type their password again (POST /api/staff/reauth), as the staff pages ask before a camper's
 * data is downloaded or the retention rule changes; the session may do both for a few minutes.
 */
export async function confirmStaffPassword(app: App, staff: SignedInClient): Promise<void> {
  const response = await app.inject({ method: "POST", url: "/api/staff/reauth", headers: { cookie: staff.cookie }, payload: { password: staff.credentials.password } });
  if (response.statusCode !== 200) throw new Error(`staff reauth failed: ${response.statusCode} ${response.body}`);
}
