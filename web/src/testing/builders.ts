import type { PublicUser } from "../../../contracts/auth.ts";
import type { Clip } from "../../../contracts/clips.ts";
import { MUSIC_TRACKS, type MusicLibrary } from "../../../contracts/music.ts";
import type { Show } from "../../../contracts/shows.ts";
import type { RenderJob } from "../../../contracts/renders.ts";

/**
 * Test-only: the answers of the server as the web tests build them, one builder per resource. Each
 * takes overrides, so a test states only what it cares about.
 */

export function buildUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return { id: 1, username: "camper_jo", subscriptionTier: "free", recordingsCount: 0, role: "camper", ...overrides };
}

/** The camper the fetch mocks sign in (GET /api/user). */
export const TEST_USER: PublicUser = buildUser({ id: 7 });

export function buildShow(id: number, overrides: Partial<Show> = {}): Show {
  const createdAt = new Date(Date.UTC(2025, 6, 1, 12, 0, 0) + id * 60_000).toISOString();
  return {
    id,
    userId: 1,
    title: `Show number ${id}`,
    videoUrl: "",
    transcription: null,
    summary: null,
    narration: `Narration of show ${id}.`,
    prompts: ["What did you build?"],
    responses: ["A canoe rack."],
    engagement: null,
    isDraft: false,
    tone: "friendly",
    videoFormat: "linkedin",
    lengthSeconds: 120,
    audioSource: "original",
    originalNarration: null,
    voice: null,
    fit: "crop",
    captions: null,
    music: null,
    musicLevel: "medium",
    transitions: true,
    captionStyle: "lines",
    titleCard: true,
    titleCardName: false,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

export function buildClip(id: number, position: number, overrides: Partial<Clip> = {}): Clip {
  const durationSeconds = overrides.durationSeconds ?? 65;
  return {
    id,
    showId: 42,
    title: `Recording ${position + 1}`,
    position,
    kind: "video",
    mimeType: "video/webm",
    durationSeconds,
    sizeBytes: 1000,
    uploadedBytes: 1000,
    uploadSha256: "ab",
    transcription: null,
    trimStartSeconds: 0,
    trimEndSeconds: durationSeconds,
    usedSeconds: durationSeconds,
    posterUrl: null,
    shotId: null,
    scriptCheck: null,
    createdAt: "2025-07-01T12:00:00.000Z",
    mediaUrl: `/api/clips/${id}/media`,
    downloadUrl: `/api/clips/${id}/media?download=1`,
    ...overrides,
  };
}

/** The music library as GET /api/music answers it. */
export function buildMusicLibrary(): MusicLibrary {
  return { tracks: MUSIC_TRACKS.map((t) => ({ ...t, seconds: 60, audioUrl: `/api/music/${t.id}/audio` })) };
}

/** A finished render of show 42, as the show's renders list gives it. */
export function buildRender(id: number, overrides: Partial<RenderJob> = {}): RenderJob {
  return {
    id,
    showId: 42,
    status: "done",
    progress: 100,
    message: null,
    options: { fit: "crop", audio: "original", captions: false },
    videoFormat: "linkedin",
    durationSeconds: 12,
    createdAt: "2025-07-01T12:00:00.000Z",
    finishedAt: "2025-07-01T12:00:30.000Z",
    mediaUrl: `/api/renders/${id}/media`,
    downloadUrl: `/api/renders/${id}/media?download=1`,
    captionsUrl: null,
    current: true,
    ...overrides,
  };
}
