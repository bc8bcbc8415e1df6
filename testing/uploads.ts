import type { Readable } from "node:stream";
import { afterAll, beforeAll } from "vitest";
import type { Clip } from "../contracts/clips.ts";
import type { App } from "../server/app.ts";
import { webmFixture } from "./media-fixtures.ts";
import { createTestApp, type SignedInClient } from "./test-app.ts";

/**
 * The scene of a file of upload tests: an app (with `env` on top of the test config) and a WebM clip of
 * `seconds`. Registers the file's own beforeAll/afterAll; read `app` and `video` inside its tests.
 */
export function appWithVideo(seconds: number, env: Record<string, string> = {}): { readonly app: App; readonly video: Buffer } {
  const scene = {} as { app: App; video: Buffer };
  beforeAll(async () => {
    scene.app = await createTestApp(env);
    scene.video = await webmFixture(seconds);
  });
  afterAll(() => scene.app?.close());
  return scene;
}

const b64 = (s: string) => Buffer.from(s).toString("base64");

/** Starts a tus upload and returns its Location. */
export async function tusCreate(
  app: App,
  camper: SignedInClient,
  /** `begunMsAgo`: the metadata as a device sends it (a string to send what no device would). */
  options: { title?: string; showId?: number; shotId?: number; length?: number; begunMsAgo?: number | string; draftKey?: string },
) {
  const metadata = [
    `title ${b64(options.title ?? "Recording 1")}`,
    ...(options.showId ? [`showId ${b64(String(options.showId))}`] : []),
    ...(options.shotId ? [`shotId ${b64(String(options.shotId))}`] : []),
    ...(options.begunMsAgo !== undefined ? [`begunMsAgo ${b64(String(options.begunMsAgo))}`] : []),
    ...(options.draftKey !== undefined ? [`draftKey ${b64(options.draftKey)}`] : []),
  ];
  const res = await app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: {
      cookie: camper.cookie,
      "tus-resumable": "1.0.0",
      "upload-metadata": metadata.join(","),
      ...(options.length !== undefined ? { "upload-length": String(options.length) } : { "upload-defer-length": "1" }),
    },
  });
  if (res.statusCode !== 201) throw new Error(`tus create failed: ${res.statusCode} ${res.body}`);
  return res.headers.location as string;
}

/** One PATCH of a tus upload; `bytes` may be a stream the test writes into while the request runs. */
export function tusPatch(app: App, camper: SignedInClient, location: string, offset: number, bytes: Buffer | Readable, length?: number) {
  return app.inject({
    method: "PATCH",
    url: location,
    headers: {
      cookie: camper.cookie,
      "tus-resumable": "1.0.0",
      "content-type": "application/offset+octet-stream",
      "upload-offset": String(offset),
      ...(length !== undefined ? { "upload-length": String(length) } : {}),
    },
    payload: bytes,
  });
}

/** Uploads a whole video in one PATCH and returns the clip. */
export async function uploadClip(app: App, camper: SignedInClient, bytes: Buffer, title = "Recording 1"): Promise<Clip> {
  const location = await tusCreate(app, camper, { title });
  const res = await tusPatch(app, camper, location, 0, bytes, bytes.length);
  const clipId = res.headers["upload-clip-id"];
  if (res.statusCode !== 204 || !clipId) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  const clips = (await app.inject({ method: "GET", url: "/api/clips?loose=true", headers: { cookie: camper.cookie } })).json() as Clip[];
  const clip = clips.find((c) => c.id === Number(clipId));
  if (!clip) throw new Error("uploaded clip is not listed");
  return clip;
}

/** Records a take through tus with the metadata a recorder sends for a shot, and returns the clip as its show lists it. */
export async function uploadTake(app: App, camper: SignedInClient, bytes: Buffer, options: { shotId: number; showId?: number; title?: string }): Promise<Clip> {
  const location = await tusCreate(app, camper, { title: options.title ?? "Take", shotId: options.shotId, showId: options.showId });
  const res = await tusPatch(app, camper, location, 0, bytes, bytes.length);
  const clipId = Number(res.headers["upload-clip-id"]);
  if (res.statusCode !== 204 || !clipId) throw new Error(`take upload failed: ${res.statusCode} ${res.body}`);
  const clip = await app.inject({ method: "GET", url: `/api/clips/${clipId}`, headers: { cookie: camper.cookie } });
  if (clip.statusCode !== 200) throw new Error(`uploaded take is not readable: ${clip.statusCode} ${clip.body}`);
  return clip.json() as Clip;
}

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  /** Present for a file part. */
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipartBody(parts: MultipartPart[], boundary = "----summerstoriesboundary") {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename !== undefined ? `; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? "video/webm"}` : "") +
        "\r\n\r\n",
    ),
    Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
    Buffer.from("\r\n"),
  ]);
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The one-shot upload: POST /api/recordings with title, transcription and the video file. */
export function postRecording(
  app: App,
  camper: SignedInClient,
  video: Buffer,
  fields: { title?: string; transcription?: string; showId?: string } = { title: "Lake take", transcription: "hello lake" },
) {
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value: value as string }));
  const { payload, contentType } = multipartBody([...parts, { name: "video", value: video, filename: "recording.webm" }]);
  return app.inject({ method: "POST", url: "/api/recordings", headers: { cookie: camper.cookie, "content-type": contentType }, payload });
}
