import { vi } from "vitest";
import { PHOTO_SECONDS_MESSAGE, type Clip } from "../../../contracts/clips.ts";
import { PHOTO_SECONDS } from "../../../contracts/video-style.ts";
import { sha256Hex } from "../features/recorder/uploader.ts";
import { buildUser } from "./builders.ts";
import { json } from "./http.ts";

/** Test-only: a tus 1.0.0 server in memory that follows contracts/clips.ts, with faults on demand. */

export interface TusCall {
  method: string;
  path: string;
  headers: Headers;
  /** PATCH bodies, as bytes. */
  bytes?: Uint8Array;
  json?: unknown;
}

interface FakeUpload {
  id: string;
  data: Uint8Array;
  length: number | null;
  metadata: Record<string, string>;
  clipId: number | null;
}

/** Returns a response to answer instead of the server, or undefined to let the server answer. */
type Fault = (call: TusCall) => Response | "network-error" | "apply-then-network-error" | undefined;

/** A tus creation request's Upload-Metadata, decoded (UTF-8 values). */
export function metadataOf(headers: Headers): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (headers.get("upload-metadata") ?? "").split(",")) {
    const [key, value = ""] = pair.trim().split(" ");
    if (key) metadata[key] = new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));
  }
  return metadata;
}

export const WEBM_MAGIC = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]);

export function bytesOf(length: number, seed = 1): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 31 + seed * 7) & 0xff;
  out.set(WEBM_MAGIC.subarray(0, Math.min(4, length)), 0);
  return out;
}

export class FakeTusServer {
  readonly uploads = new Map<string, FakeUpload>();
  readonly clips = new Map<number, Clip>();
  readonly calls: TusCall[] = [];
  private readonly faults: Fault[] = [];
  private nextUpload = 1;
  private nextClip = 100;
  /** Makes the next clips' reported checksum wrong. */
  corruptChecksums = false;
  /** Runs after an "apply-then-network-error" fault applied the request (before the error). */
  onApplied: (() => void) | null = null;
  /** Refuse a second Upload-Length like @tus/server does (400). */
  strictLength = true;

  readonly fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, "http://localhost");
    const call: TusCall = {
      method: (init.method ?? "GET").toUpperCase(),
      path: url.pathname + url.search,
      headers: new Headers(init.headers),
    };
    if (init.body instanceof Blob) call.bytes = new Uint8Array(await init.body.arrayBuffer());
    else if (typeof init.body === "string") call.json = JSON.parse(init.body) as unknown;
    if (init.signal?.aborted) throw new DOMException("aborted", "AbortError");
    this.calls.push(call);
    const faultIndex = this.faults.findIndex((f) => f(call) !== undefined);
    if (faultIndex >= 0) {
      const outcome = this.faults[faultIndex]!(call)!;
      this.faults.splice(faultIndex, 1);
      if (outcome === "network-error") throw new TypeError("Failed to fetch");
      if (outcome === "apply-then-network-error") {
        await this.handle(call);
        this.onApplied?.();
        throw new TypeError("Failed to fetch");
      }
      return outcome;
    }
    return this.handle(call);
  });

  /** Adds a one-shot fault: the first call it answers for is answered by it, once. */
  fault(fault: Fault) {
    this.faults.push(fault);
  }

  callsTo(method: string, pathPrefix = "/api/uploads") {
    return this.calls.filter((c) => c.method === method && c.path.startsWith(pathPrefix));
  }

  /** Forget an upload, as an expired one is forgotten. */
  forget(id?: string) {
    if (id) this.uploads.delete(id);
    else this.uploads.clear();
  }

  /** The signed-in camper (GET /api/user); null answers 401. */
  userId: number | null = 7;

  private async handle(call: TusCall): Promise<Response> {
    const tus = { "Tus-Resumable": "1.0.0" };
    if (call.method === "GET" && call.path === "/api/user") {
      return this.userId === null ? json({ message: "Not signed in" }, 401) : json(buildUser({ id: this.userId, username: "camper" }));
    }
    const uploadMatch = /^\/api\/uploads\/([^/?]+)$/.exec(call.path);
    if (call.path.startsWith("/api/uploads") && call.headers.get("tus-resumable") !== "1.0.0") {
      return json({ message: "Tus-Resumable 1.0.0 required" }, 412);
    }
    if (call.method === "POST" && call.path === "/api/uploads") {
      if (call.headers.get("upload-defer-length") !== "1") return json({ message: "defer length expected" }, 400);
      const metadata = metadataOf(call.headers);
      const id = `u${this.nextUpload++}`;
      this.uploads.set(id, { id, data: new Uint8Array(0), length: null, metadata, clipId: null });
      return new Response(null, { status: 201, headers: { ...tus, Location: `/api/uploads/${id}` } });
    }
    if (uploadMatch) {
      const upload = this.uploads.get(uploadMatch[1]!);
      if (!upload) return json({ message: "Upload not found" }, 404);
      if (call.method === "HEAD") {
        return new Response(null, {
          status: 200,
          headers: {
            ...tus,
            "Upload-Offset": String(upload.data.length),
            ...(upload.length === null ? { "Upload-Defer-Length": "1" } : { "Upload-Length": String(upload.length) }),
          },
        });
      }
      if (call.method === "DELETE") {
        this.uploads.delete(upload.id);
        return new Response(null, { status: 204, headers: tus });
      }
      if (call.method === "PATCH") {
        if (call.headers.get("content-type") !== "application/offset+octet-stream") return json({ message: "type" }, 415);
        const offset = Number(call.headers.get("upload-offset"));
        if (offset !== upload.data.length) return json({ message: "wrong offset" }, 409);
        const lengthHeader = call.headers.get("upload-length");
        if (lengthHeader !== null) {
          if (upload.length !== null && this.strictLength) return json({ message: "Upload-Length already set" }, 400);
          upload.length = Number(lengthHeader);
        }
        const body = call.bytes ?? new Uint8Array(0);
        const data = new Uint8Array(upload.data.length + body.length);
        data.set(upload.data);
        data.set(body, upload.data.length);
        upload.data = data;
        const headers: Record<string, string> = { ...tus, "Upload-Offset": String(data.length) };
        if (upload.length !== null && data.length === upload.length && upload.clipId === null) {
          upload.clipId = await this.makeClip(upload);
        }
        if (upload.clipId !== null && data.length === upload.length) headers["Upload-Clip-Id"] = String(upload.clipId);
        return new Response(null, { status: 204, headers });
      }
    }
    const clipMatch = /^\/api\/clips\/(\d+)$/.exec(call.path);
    if (clipMatch) {
      const clip = this.clips.get(Number(clipMatch[1]));
      if (!clip) return json({ message: "Clip not found" }, 404);
      if (call.method === "GET") return json(clip);
      if (call.method === "PATCH") {
        const body = call.json as { transcription?: string; photoSeconds?: number };
        if (body.photoSeconds !== undefined) {
          // The server's rules for a photo's length (contracts/clips.ts updateClipBodySchema).
          if (clip.kind !== "photo") return json({ message: "Only a photo's length can be set; trim a video instead" }, 400);
          const seconds = body.photoSeconds;
          if (seconds < PHOTO_SECONDS.min || seconds > PHOTO_SECONDS.max) return json({ message: PHOTO_SECONDS_MESSAGE }, 400);
          const photo = { ...clip, durationSeconds: seconds, trimEndSeconds: seconds, usedSeconds: seconds };
          this.clips.set(clip.id, photo);
          return json(photo);
        }
        const updated = { ...clip, transcription: body.transcription ?? clip.transcription };
        this.clips.set(clip.id, updated);
        return json(updated);
      }
      if (call.method === "DELETE") {
        this.clips.delete(clip.id);
        return new Response(null, { status: 204 });
      }
    }
    if (call.method === "GET" && call.path.startsWith("/api/clips?")) {
      const params = new URLSearchParams(call.path.split("?")[1]);
      const showId = params.get("showId");
      return json(
        [...this.clips.values()]
          .filter((c) => (showId ? c.showId === Number(showId) : c.showId === null))
          .sort((a, b) => a.position - b.position),
      );
    }
    const putMatch = /^\/api\/recordings\/(\d+)\/clips$/.exec(call.path);
    if (call.method === "PUT" && putMatch) {
      const showId = Number(putMatch[1]);
      const { clipIds } = call.json as { clipIds: number[] };
      clipIds.forEach((id, position) => {
        const clip = this.clips.get(id);
        if (clip) this.clips.set(id, { ...clip, showId, position });
      });
      return json([...this.clips.values()].filter((c) => c.showId === showId).sort((a, b) => a.position - b.position));
    }
    return json({ message: `unmocked ${call.method} ${call.path}` }, 500);
  }

  private async makeClip(upload: FakeUpload): Promise<number> {
    const id = this.nextClip++;
    const sha = await sha256Hex(new Blob([upload.data.slice()]));
    const showId = upload.metadata.showId ? Number(upload.metadata.showId) : null;
    // A photo (by its filetype hint here; the real server reads the bytes) is stored as a clean JPEG.
    const photo = upload.metadata.filetype?.startsWith("image/") ?? false;
    const seconds = photo ? PHOTO_SECONDS.default : 3;
    this.clips.set(id, {
      id,
      showId,
      title: upload.metadata.title ?? "",
      position: this.clips.size,
      kind: photo ? "photo" : "video",
      mimeType: photo ? "image/jpeg" : "video/webm",
      durationSeconds: seconds,
      sizeBytes: upload.data.length + 10,
      uploadedBytes: upload.data.length,
      uploadSha256: this.corruptChecksums ? "0".repeat(64) : sha,
      transcription: null,
      trimStartSeconds: 0,
      trimEndSeconds: seconds,
      usedSeconds: seconds,
      posterUrl: photo ? `/api/clips/${id}/poster` : null,
      shotId: upload.metadata.shotId ? Number(upload.metadata.shotId) : null,
      scriptCheck: null,
      createdAt: new Date().toISOString(),
      mediaUrl: `/api/clips/${id}/media`,
      downloadUrl: `/api/clips/${id}/media?download=1`,
    });
    return id;
  }
}
