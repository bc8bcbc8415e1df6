import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../app.ts";
import { createMediaStorage } from "../../media/create-media-storage.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { S3MediaStorage } from "../../media/s3-media-storage.ts";
import { fullCamper } from "../../../testing/camper-media.ts";
import { startLocalS3, type LocalS3 } from "../../../testing/s3-server.ts";
import { confirmStaffPassword, registerCamper, registerStaff, testConfig } from "../../../testing/test-app.ts";
import { testDatabase } from "../../../testing/test-database.ts";
import { buildWorldOnce, type BuiltWorld } from "../../../testing/world-snapshot.ts";
import { unzip } from "../../../testing/zip.ts";
import type { ManifestFile } from "./data-export.ts";
import { EXPORT_LIMITS } from "../../../contracts/data-export.ts";
import { AUTH_MESSAGES } from "../../../contracts/auth.ts";
import { eq } from "drizzle-orm";
import { schema } from "../../../db/client.ts";
import { ClipHeardWordsRepository } from "../clips/clip-heard-words.repository.ts";

const HEARD_WORDS = [
  { word: "we", start: 0.4, end: 0.6 },
  { word: "paddled", start: 0.6, end: 1.1 },
];

async function readAll(storage: MediaStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const get = (app: App, url: string, cookie: string) => app.inject({ method: "GET", url, headers: { cookie } });

describe.each(["local disk", "S3"] as const)("data export (%s)", (where) => {
  let app: App;
  let storage: MediaStorage;
  let s3: LocalS3 | undefined;
  let campers: BuiltWorld<{ first: Awaited<ReturnType<typeof fullCamper>>; second: Awaited<ReturnType<typeof fullCamper>> }>;
  beforeAll(async () => {
    s3 = where === "S3" ? await startLocalS3() : undefined;
    const config = testConfig({ ...(s3?.env ?? {}), VOICE_PROVIDER: "mespeak" });
    const { db } = await testDatabase();
    app = await buildApp({ config, db });
    await app.ready();
    // A second, independent view of the same storage: what the test compares the archive with.
    storage = await createMediaStorage(config.media);
    // Two campers with everything the app holds (each a rendered video), built once and put back as
    // built before each test. The tests only read the media, so the S3 copy needs no putting back.
    campers = await buildWorldOnce(async () => ({ first: await fullCamper(app), second: await fullCamper(app) }));
  }, 240_000);
  afterAll(async () => {
    await campers?.drop();
    await app.close();
    if (storage instanceof S3MediaStorage) storage.close();
    await s3?.close();
  });

  it("holds every byte the camper has, matching storage's SHA-256, the API's JSON, and nothing of another camper", async () => {
    const { first, second: other } = await campers.fresh();
    const { camper, show } = first;
    // Laying out the shot list keeps it: the archive holds it too.
    const shotList = (await get(app, `/api/recordings/${show.id}/shots`, camper.cookie)).json() as {
      shots: { id: number; number: number; text: string; chosenClipId: number | null }[];
    };
    expect(shotList.shots.length).toBeGreaterThan(0);
    // Words heard in one of the camper's clips, kept as a clip player's captions keep them.
    const { db } = await testDatabase();
    const [heardClip] = await db.select().from(schema.clips).where(eq(schema.clips.showId, show.id)).limit(1);
    const heardKey = { userId: camper.userId, contentSha256: heardClip!.uploadSha256, listener: "pocketsphinx", scriptSha256: "0".repeat(64) };
    await new ClipHeardWordsRepository(db).save(heardKey, HEARD_WORDS);

    const res = await get(app, "/api/user/export", camper.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="summer-stories-.+\.zip"$/);
    const entries = await unzip(res.rawPayload);
    const manifest = JSON.parse(entries.get("manifest.json")!.bytes.toString("utf8")) as {
      camperUserId: number;
      files: ManifestFile[];
      missing: unknown[];
    };
    expect(manifest.camperUserId).toBe(camper.userId);
    expect(manifest.missing).toEqual([]);

    // The manifest lists every other entry, with the size and hash of what is in the zip.
    expect(manifest.files.map((f) => f.path).sort()).toEqual([...entries.keys()].filter((p) => p !== "manifest.json").sort());
    for (const file of manifest.files) {
      const entry = entries.get(file.path)!;
      expect({ path: file.path, size: entry.bytes.length, sha256: entry.sha256 }).toEqual({ path: file.path, size: file.sizeBytes, sha256: file.sha256 });
    }

    // Every object storage holds for the camper is in the archive, byte for byte (the partial
    // bytes of tus uploads are not the camper's media: once a clip is made they are the clip; nor are
    // render parts, pieces of a render kept to make the next one faster: the render is in the archive).
    const stored = (await storage.list(`users/${camper.userId}/`)).map((o) => o.key).filter((k) => !k.includes("/uploads/") && !k.includes("/render-parts/"));
    const media = manifest.files.filter((f) => f.storageKey);
    expect(media.map((f) => f.storageKey).sort()).toEqual(stored.sort());
    // Two clips and their posters, a voice sample, a voice-over, a video and its captions.
    expect(media.length).toBe(8);
    for (const file of media) expect(sha256(await readAll(storage, file.storageKey!)), file.path).toBe(entries.get(file.path)!.sha256);

    // The JSON is the API's own view of the show, its clips, its review and the voice sample.
    const showJson = JSON.parse(entries.get(`shows/${show.id}/show.json`)!.bytes.toString("utf8"));
    expect(showJson.show).toEqual((await get(app, `/api/recordings/${show.id}`, camper.cookie)).json());
    expect(showJson.review).toEqual((await get(app, `/api/recordings/${show.id}/review`, camper.cookie)).json());
    // Share links as the camper sees them (no token: only its hash is stored).
    expect(showJson.shareLinks).toEqual((await get(app, `/api/recordings/${show.id}/shares`, camper.cookie)).json().links);
    const apiClips = (await get(app, `/api/clips?showId=${show.id}`, camper.cookie)).json() as object[];
    expect(showJson.clips.map(({ files: _files, wordsHeard: _words, ...clip }: { files: string[]; wordsHeard: unknown }) => clip)).toEqual(apiClips);
    // The words heard in a clip's sound (kept for its captions) are the camper's words too.
    // (The render made for this camper listened to its clips as well, so there may be more lists.)
    expect(showJson.clips.find((c: { id: number }) => c.id === heardClip!.id).wordsHeard).toContainEqual({
      listener: "pocketsphinx",
      heardAt: expect.any(String),
      words: HEARD_WORDS,
    });
    expect(showJson.shots).toEqual(shotList.shots.map(({ id, number, text, chosenClipId }) => ({ id, number, text, chosenClipId })));
    const apiRenders = (await get(app, `/api/recordings/${show.id}/renders`, camper.cookie)).json() as { id: number; current?: boolean }[];
    expect(apiRenders.length).toBeGreaterThan(0);
    // `current` is the editor's live judgement (does it match today's choices), not stored data.
    for (const { current: _current, ...render } of apiRenders) {
      const { files: _files, ...exported } = showJson.renders.find((r: { id: number }) => r.id === render.id);
      expect(exported).toEqual(render);
    }
    const sampleJson = JSON.parse(entries.get("voice-sample/voice-sample.json")!.bytes.toString("utf8"));
    const { files: _sampleFiles, ...sample } = sampleJson;
    expect(sample).toEqual((await get(app, "/api/voice/sample", camper.cookie)).json());

    // The account without its secrets.
    const account = JSON.parse(entries.get("account.json")!.bytes.toString("utf8"));
    expect(account).toMatchObject({ id: camper.userId, username: camper.credentials.username, role: "camper" });
    const everything = [...entries.values()].map((e) => e.bytes.toString("latin1")).join("\n");
    expect(everything).not.toMatch(/password/i);
    expect(everything).not.toContain(camper.cookie.split("=")[1]);

    // Nothing of the other camper: no file of theirs, no show, no name.
    expect(media.every((f) => f.storageKey!.startsWith(`users/${camper.userId}/`))).toBe(true);
    expect([...entries.keys()].some((p) => p.startsWith(`shows/${other.show.id}/`))).toBe(false);
    expect(everything).not.toContain(other.camper.credentials.username);
  }, 120_000);

  it("lets staff download a camper's archive (written in the audit log) and nobody else reach another's", async () => {
    const { camper } = (await campers.fresh()).first;
    const other = await registerCamper(app);
    const staff = await registerStaff(app);

    // A camper has no way to name another camper: the staff route is closed to campers.
    expect((await get(app, `/api/staff/campers/${camper.userId}/export`, other.cookie)).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/user/export" })).statusCode).toBe(401);
    const own = await unzip((await get(app, "/api/user/export", other.cookie)).rawPayload);
    expect([...own.keys()].sort()).toEqual(["account.json", "manifest.json"]);

    // Staff type their password again first: a signed-in laptop left open does not hand the data out.
    const unconfirmed = await get(app, `/api/staff/campers/${camper.userId}/export`, staff.cookie);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toEqual({ message: AUTH_MESSAGES.passwordAgain });
    await confirmStaffPassword(app, staff);
    const res = await get(app, `/api/staff/campers/${camper.userId}/export`, staff.cookie);
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    expect(JSON.parse(entries.get("account.json")!.bytes.toString("utf8")).id).toBe(camper.userId);
    const audit = (await get(app, "/api/staff/audit", staff.cookie)).json() as { action: string; camperUsername: string; staffUsername: string }[];
    expect(audit[0]).toMatchObject({ action: "exported_data", camperUsername: camper.credentials.username, staffUsername: staff.credentials.username });

    // Staff accounts and unknown ids are not campers.
    expect((await get(app, `/api/staff/campers/${staff.userId}/export`, staff.cookie)).statusCode).toBe(404);
    expect((await get(app, "/api/staff/campers/999999/export", staff.cookie)).statusCode).toBe(404);
  }, 60_000);

});

describe("data export rate limit", () => {
  let app: App;
  beforeAll(async () => {
    const { db } = await testDatabase();
    app = await buildApp({ config: testConfig(), db });
    await app.ready();
  });
  afterAll(() => app.close());

  it("limits how often a camper downloads their archive", async () => {
    const camper = await registerCamper(app);
    for (let i = 0; i < EXPORT_LIMITS.perCamperPerHour; i++) expect((await get(app, "/api/user/export", camper.cookie)).statusCode).toBe(200);
    const limited = await get(app, "/api/user/export", camper.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/try again later/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("tells the camper how many downloads are left this hour, without counting the question", async () => {
    const camper = await registerCamper(app);
    const allowance = async () => (await get(app, "/api/user/export/allowance", camper.cookie)).json();
    expect(await allowance()).toEqual({ remaining: EXPORT_LIMITS.perCamperPerHour, resetInSeconds: 0 });
    expect(await allowance()).toEqual({ remaining: EXPORT_LIMITS.perCamperPerHour, resetInSeconds: 0 });
    expect((await get(app, "/api/user/export", camper.cookie)).statusCode).toBe(200);
    const afterOne = await allowance();
    expect(afterOne.remaining).toBe(EXPORT_LIMITS.perCamperPerHour - 1);
    expect(afterOne.resetInSeconds).toBeGreaterThan(3500);
    for (let i = 1; i < EXPORT_LIMITS.perCamperPerHour; i++) await get(app, "/api/user/export", camper.cookie);
    expect((await allowance()).remaining).toBe(0);
    // Another camper's count is their own.
    const other = await registerCamper(app);
    expect((await get(app, "/api/user/export/allowance", other.cookie)).json().remaining).toBe(EXPORT_LIMITS.perCamperPerHour);
  });
});
