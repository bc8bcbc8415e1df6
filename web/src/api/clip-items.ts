import type { Clip, ClipKind } from "../../../contracts/clips.ts";
import { PHOTO_SECONDS } from "../../../contracts/video-style-constants.ts";
import { clipKind, extensionFor, uploadPercent, type ClipState, type LocalClip } from "../lib/clip-records.ts";

/** One row of the clip list: a clip on this device, on the server, or both. */
export interface ClipItem {
  /** Stable React and dnd-kit id: the localId when the device knows the clip, else "server-{id}". */
  key: string;
  localId: string | null;
  serverId: number | null;
  title: string;
  /** A camera take or a photo (a still shown for its seconds with a slow pan). */
  kind: ClipKind;
  state: ClipState;
  error: string | null;
  /** Whether Retry can help a failed clip. */
  retryable: boolean;
  /** Seconds, when known. */
  durationSeconds: number | null;
  /** Upload progress 0-100 (bytes confirmed of bytes recorded). */
  progress: number;
  mimeType: string;
  /** Playback from the server (Range-capable); null until the server has the clip. */
  mediaUrl: string | null;
  /** The server's attachment download (.webm / .mp4); null for device-only clips. */
  downloadUrl: string | null;
  local: LocalClip | null;
  server: Clip | null;
}

function fromLocal(local: LocalClip, server: Clip | null): ClipItem {
  const saved = local.state === "saved";
  const kind = server?.kind ?? clipKind(local);
  return {
    key: local.localId,
    localId: local.localId,
    serverId: server?.id ?? local.serverClipId,
    title: local.title,
    kind,
    state: local.state,
    error: local.error,
    retryable: local.retryable,
    durationSeconds:
      server?.durationSeconds ??
      // A photo shows for the default length until the camper sets another (on the server).
      (kind === "photo" ? PHOTO_SECONDS.default : local.endTime !== null ? Math.max(0, (local.endTime - local.startTime) / 1000) : null),
    progress: saved ? 100 : uploadPercent(local),
    mimeType: server?.mimeType ?? local.mimeType,
    mediaUrl: server?.mediaUrl ?? null,
    downloadUrl: server?.downloadUrl ?? null,
    local,
    server,
  };
}

function fromServer(server: Clip): ClipItem {
  return {
    key: `server-${server.id}`,
    localId: null,
    serverId: server.id,
    title: server.title,
    kind: server.kind,
    state: "saved",
    error: null,
    retryable: false,
    durationSeconds: server.durationSeconds,
    progress: 100,
    mimeType: server.mimeType,
    mediaUrl: server.mediaUrl,
    downloadUrl: server.downloadUrl,
    local: null,
    server,
  };
}

export interface MergeContext {
  /** The show on screen; null for a story not saved yet (its clips are "loose"). */
  showId: number | null;
  /** The server's list for that context, in its order; undefined while it loads or when it failed. */
  server: Clip[] | undefined;
  /** When that list was fetched (ms); a saved clip it leaves out after this was removed elsewhere. */
  serverFetchedAt: number;
  /** Keys in the order the camper arranged them this visit. */
  order: readonly string[];
}

/**
 * The list the camper sees. Unfinished takes always show (whatever story they were recorded for: a
 * take is never hidden before it is safe). A saved take shows with its server copy; before the
 * server's list has it, it shows if it belongs here (this show, or loose ones the show is about to
 * take in). The order is the camper's arrangement, then the server's positions, then recording time.
 */
export function mergeClips(local: readonly LocalClip[], { showId, server, serverFetchedAt, order }: MergeContext): ClipItem[] {
  const byId = new Map((server ?? []).map((clip) => [clip.id, clip]));
  const used = new Set<number>();
  const items: { item: ClipItem; natural: number; tie: number; placedByServer: boolean }[] = [];
  for (const clip of local) {
    const match = clip.serverClipId !== null ? byId.get(clip.serverClipId) : undefined;
    if (clip.state === "saved") {
      if (!match) {
        const loosePendingAttach = clip.showId === null && showId !== null;
        const belongs = clip.showId === showId || loosePendingAttach;
        const goneFromServer = server !== undefined && serverFetchedAt > (clip.savedAt ?? 0) && !loosePendingAttach;
        if (!belongs || goneFromServer) continue;
      }
    }
    if (match) used.add(match.id);
    const placedByServer = match !== undefined && showId !== null;
    items.push({ item: fromLocal(clip, match ?? null), natural: placedByServer ? match.position : clip.position, tie: clip.startTime, placedByServer });
  }
  // A clip of this device the server does not list yet (uploading, or saved since the list came) goes
  // where the server will put it: before the first listed clip of this device begun after it. Its own
  // position is on another scale (a time), so a photo saved first would otherwise sort ahead of the
  // take recorded before it, and the order saved from the screen would keep it there.
  if (showId !== null) {
    const placed = items.filter((entry) => entry.placedByServer);
    for (const entry of items) {
      if (entry.placedByServer) continue;
      const later = placed.filter((other) => other.tie > entry.tie).map((other) => other.natural);
      if (later.length > 0) entry.natural = Math.min(...later) - 0.5;
    }
  }
  for (const clip of server ?? []) {
    if (used.has(clip.id)) continue;
    items.push({ item: fromServer(clip), natural: clip.position, tie: Date.parse(clip.createdAt) || 0, placedByServer: false });
  }
  const rank = new Map(order.map((key, index) => [key, index]));
  items.sort((a, b) => {
    const ra = rank.get(a.item.key);
    const rb = rank.get(b.item.key);
    if (ra !== undefined && rb !== undefined) return ra - rb;
    if (ra !== undefined) return -1;
    if (rb !== undefined) return 1;
    return a.natural - b.natural || a.tie - b.tie;
  });
  return items.map((entry) => entry.item);
}

/** 'Recording N', N one past the highest number in use (and past the count). */
export function nextRecordingTitle(clips: readonly Pick<ClipItem, "title">[]): string {
  let highest = clips.length;
  for (const { title } of clips) {
    const match = /^Recording (\d+)$/.exec(title);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `Recording ${highest + 1}`;
}

type Labelled = Pick<ClipItem, "state" | "progress" | "error"> & { kind?: ClipKind };

export function stateLabel(item: Labelled): string {
  switch (item.state) {
    case "recording":
      // A photo is in this state only while its bytes go into the device store.
      return item.kind === "photo" ? "Adding to this device" : "Recording";
    case "local":
      return "On this device";
    case "uploading":
      return `Uploading ${item.progress} %`;
    case "saved":
      return "Saved";
    case "failed":
      return `Failed: ${item.error ?? "Upload failed"}`;
  }
}

/** What a screen reader hears when a clip's state changes (not every percent). */
export function stateAnnouncement(item: Pick<ClipItem, "state" | "title" | "error"> & { kind?: ClipKind }): string {
  if (item.kind === "photo") return photoAnnouncement(item);
  switch (item.state) {
    case "recording":
      return `${item.title} is recording.`;
    case "local":
      return `${item.title} is on this device, waiting to upload.`;
    case "uploading":
      return `${item.title} is uploading.`;
    case "saved":
      return `${item.title} is saved.`;
    case "failed":
      return `${item.title} failed to upload: ${item.error ?? "unknown error"}. It is kept on this device.`;
  }
}

function photoAnnouncement(item: Pick<ClipItem, "state" | "title" | "error">): string {
  switch (item.state) {
    case "recording":
      return `Photo ${item.title} is being added.`;
    case "local":
      return `Photo ${item.title} is on this device, waiting to upload.`;
    case "uploading":
      return `Photo ${item.title} is uploading.`;
    case "saved":
      return `Photo uploaded: ${item.title}.`;
    case "failed":
      return `Photo ${item.title} failed to upload: ${item.error ?? "unknown error"}. It is kept on this device.`;
  }
}

/** "{title}.webm" (or .mp4 for MP4 bytes, .jpg/.png/.heic for a photo), safe as a file name. */
export function clipFileName(title: string, mimeType: string): string {
  const safe = title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ").replace(/\s+/g, " ").trim() || "Recording";
  return `${safe}.${extensionFor(mimeType)}`;
}
