import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../contracts/auth.ts";
import { MUSIC_MESSAGES, MUSIC_TRACKS, musicLibrarySchema } from "../../../contracts/music.ts";
import { createTestApp, registerCamper } from "../../../testing/test-app.ts";
import type { App } from "../../app.ts";
import { resolveVideoTools } from "../../media/video-tools.ts";
import { listMusic, musicTrackFacts, musicTrackFile } from "./music-library.ts";

const tools = resolveVideoTools({});
const RATE = 48_000;

/** The track decoded as 32-bit float stereo samples, interleaved. */
function decode(file: string): Float32Array {
  const run = spawnSync(tools.ffmpeg, ["-v", "error", "-i", file, "-f", "f32le", "-ac", "2", "-ar", String(RATE), "-"], { maxBuffer: 256 << 20 });
  expect(run.status, String(run.stderr)).toBe(0);
  const bytes = run.stdout as Buffer;
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}

function integratedLoudness(file: string): number {
  const run = spawnSync(tools.ffmpeg, ["-hide_banner", "-nostdin", "-i", file, "-af", "ebur128", "-f", "null", "-"], { encoding: "utf8" });
  const summary = run.stderr.slice(run.stderr.lastIndexOf("Summary:"));
  return Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
}

/** The largest sample-to-sample jump across the wrap (last samples then first), and the track's 99.9th percentile jump. */
function seamAndTypicalJump(samples: Float32Array): { seam: number; typical: number } {
  const frames = samples.length / 2;
  const jumps = new Float32Array(samples.length - 2);
  for (let i = 2; i < samples.length; i++) jumps[i - 2] = Math.abs(samples[i]! - samples[i - 2]!);
  jumps.sort();
  const typical = jumps[Math.floor(jumps.length * 0.999)]!;
  const seam = Math.max(...[0, 1].map((ch) => Math.abs(samples[ch]! - samples[(frames - 1) * 2 + ch]!)));
  return { seam, typical };
}

describe("the music library's files", () => {
  it("lists at least six distinct tracks of at least a minute, each measured from its file", () => {
    const tracks = listMusic();
    expect(tracks.length).toBeGreaterThanOrEqual(6);
    expect(tracks.map((t) => t.id)).toEqual(MUSIC_TRACKS.map((t) => t.id));
    for (const key of ["id", "title", "mood", "audioUrl"] as const) expect(new Set(tracks.map((t) => t[key])).size).toBe(tracks.length);
    for (const track of tracks) {
      expect(track.seconds).toBeGreaterThanOrEqual(60);
      const bytes = readFileSync(musicTrackFile(track.id as (typeof MUSIC_TRACKS)[number]["id"]));
      // The URL's version is the file's own hash, so a browser's cached copy is never a stale one.
      expect(track.audioUrl).toBe(`/api/music/${track.id}/audio?v=${createHash("sha1").update(bytes).digest("hex").slice(0, 8)}`);
    }
  });

  it.each(MUSIC_TRACKS.map((t) => t.id))("%s is 48 kHz stereo at about -18 LUFS, as long as listed, and loops without a click", (id) => {
    const file = musicTrackFile(id);
    const probe = spawnSync(tools.ffprobe, ["-v", "error", "-show_entries", "stream=sample_rate,channels", "-of", "json", file], { encoding: "utf8" });
    expect(JSON.parse(probe.stdout).streams[0]).toMatchObject({ sample_rate: "48000", channels: 2 });
    expect(Math.abs(integratedLoudness(file) - -18)).toBeLessThanOrEqual(2);

    const samples = decode(file);
    expect(samples.length / 2 / RATE).toBeCloseTo(musicTrackFacts(id).seconds, 1);
    const { seam, typical } = seamAndTypicalJump(samples);
    expect(seam).toBeLessThanOrEqual(typical);
  }, 60_000);
});

describe("GET /api/music", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it("gives a signed-in camper the library, and a stranger a 401", async () => {
    const camper = await registerCamper(app);
    const listed = await app.inject({ method: "GET", url: "/api/music", headers: { cookie: camper.cookie } });
    expect(listed.statusCode).toBe(200);
    expect(musicLibrarySchema.parse(listed.json()).tracks).toEqual(listMusic());

    const signedOut = await app.inject({ method: "GET", url: "/api/music" });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: AUTH_MESSAGES.signedOut });
  });

  it("serves a track's audio whole and by Range, cached for good under its versioned URL, 404 for an unknown id", async () => {
    const camper = await registerCamper(app);
    const track = listMusic()[0]!;
    const bytes = readFileSync(musicTrackFile(track.id as (typeof MUSIC_TRACKS)[number]["id"]));

    const whole = await app.inject({ method: "GET", url: track.audioUrl, headers: { cookie: camper.cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("audio/ogg");
    expect(whole.headers["cache-control"]).toContain("immutable");
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await app.inject({ method: "GET", url: track.audioUrl, headers: { cookie: camper.cookie, range: "bytes=100-199" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    // Without the current version the browser must ask again (the file may have been re-made).
    const unversioned = await app.inject({ method: "GET", url: `/api/music/${track.id}/audio`, headers: { cookie: camper.cookie } });
    expect(unversioned.headers["cache-control"]).toBe("private, no-cache");

    expect((await app.inject({ method: "GET", url: track.audioUrl })).statusCode).toBe(401);
    const unknown = await app.inject({ method: "GET", url: "/api/music/elevator-music/audio", headers: { cookie: camper.cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MUSIC_MESSAGES.notFound });
  });
});
