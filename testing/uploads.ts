import type { Clip } from "../contracts/clips.ts";
import type { App } from "../server/app.ts";
import type { SignedInClient } from "./test-app.ts";

const b64 = (s: string) => Buffer.from(s).toString("base64");

/** Starts a tus upload and returns its Location. */
export async function tusCreate(app: App, camper: SignedInClient, options: { title?: string; showId?: number; length?: number }) {
  const metadata = [`title ${b64(options.title ?? "Recording 1")}`, ...(options.showId ? [`showId ${b64(String(options.showId))}`] : [])];
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

export function tusPatch(app: App, camper: SignedInClient, location: string, offset: number, bytes: Buffer, length?: number) {
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
