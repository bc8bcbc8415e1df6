import { afterEach, beforeEach, vi } from "vitest";
import type { Clip } from "../../../contracts/clips.ts";
import type { PersonalDetailsCheck } from "../../../contracts/personal-details.ts";
import type { Show } from "../../../contracts/shows.ts";
import type { RenderJob, StoryLength } from "../../../contracts/renders.ts";
import type { ShotList } from "../../../contracts/shots.ts";
import type { VideoSection, VideoSections } from "../../../contracts/video-sections.ts";
import { dismissToast } from "../lib/toasts.ts";
import { buildMusicLibrary, buildShow } from "./builders.ts";
import { json, mockApi, type ApiCall } from "./http.ts";
import { renderShowSubpage } from "./render.tsx";
import { buildVoiceStatus, type buildVoiceOver } from "./voice.ts";
import { NarrationEditorPage } from "../app/narration-editor/NarrationEditorPage.tsx";

/** Test-only: a small in-memory server for the narration editor (jsdom + a mocked fetch). */

/**
 * Each test of the file starts with no saved drafts or settings, and leaves no toast, stubbed global
 * (fetch) or mock behind. Registers the file's own beforeEach/afterEach.
 */
export function startEachEditorTestClean(): void {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    dismissToast();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
  });
}

/** The test server's voice pace: 2 words a second, so 10 words take 5 s. */
export const TEST_WORDS_PER_SECOND = 2;

const words = (text: string | null) => (text ?? "").trim().split(/\s+/).filter(Boolean).length;

/** What GET /api/recordings/:id/length answers for these clips and script (same rules as the server). */
export function lengthOf(show: Show, clips: Clip[], voice = show.voice ?? "en-us"): StoryLength {
  const clipsSeconds = Math.round(clips.reduce((sum, c) => sum + c.usedSeconds, 0) * 100) / 100;
  const narrationWords = words(show.narration);
  const voiceSeconds = narrationWords ? narrationWords / TEST_WORDS_PER_SECOND : null;
  return {
    clipCount: clips.length,
    clipsSeconds,
    formatMaxSeconds: 600,
    narrationWords,
    voice,
    voiceSeconds,
    voiceMeasured: false,
    wordsPerSecond: TEST_WORDS_PER_SECOND,
    wordsThatFit: Math.floor(clipsSeconds * TEST_WORDS_PER_SECOND),
    videoSecondsWithVoice: Math.max(clipsSeconds, voiceSeconds ?? 0),
    voiceLongerThanClips: voiceSeconds !== null && voiceSeconds > clipsSeconds,
  };
}

/** A shot of the test server's show: its id and chosen take (its takes are the clips with its shotId). */
export interface TestShot {
  id: number;
  chosenClipId: number | null;
}

/** The clips in the video, in order, by the server's rule: each shot's chosen take in shot order, then the clips recorded for no shot. */
export function videoClipsOf(clips: readonly Clip[], shots: readonly TestShot[]): Clip[] {
  const chosen = shots.flatMap((shot) => clips.filter((c) => c.id === shot.chosenClipId && c.shotId === shot.id));
  const free = clips.filter((c) => c.shotId === null).sort((a, b) => a.position - b.position);
  return [...chosen, ...free];
}

/** What GET /api/recordings/:id/sections answers for these clips and shots (same rules as the server). */
export function sectionsOf(showId: number, clips: readonly Clip[], shots: readonly TestShot[]): VideoSections {
  const inVideo = videoClipsOf(clips, shots);
  const sections: VideoSection[] = [];
  shots.forEach((shot, index) => {
    const clip = inVideo.find((c) => c.shotId === shot.id) ?? null;
    const otherTakes = clips.filter((c) => c.shotId === shot.id && c.id !== clip?.id);
    if (clip || otherTakes.length) sections.push({ clip, shotId: shot.id, shotNumber: index + 1, otherTakes });
  });
  for (const clip of inVideo.filter((c) => c.shotId === null)) sections.push({ clip, shotId: null, shotNumber: null, otherTakes: [] });
  const clipsSeconds = Math.round(inVideo.reduce((sum, c) => sum + c.usedSeconds, 0) * 100) / 100;
  return { showId, sections, clipCount: inVideo.length, clipsSeconds };
}

export interface ServerOptions {
  show?: Show;
  clips?: Clip[];
  /** The show's shots, in order (default: none, so every clip is in the video). */
  shots?: TestShot[];
  voiceOver?: ReturnType<typeof buildVoiceOver> | null;
  patch?: (call: ApiCall, show: Show) => Response | undefined;
  cloneVoice?: (call: ApiCall) => Response | Promise<Response>;
  /** POST fit-script; by default the first `wordsThatFit` words of the script. */
  fitScript?: (call: ApiCall, show: Show, clips: Clip[]) => Response | Promise<Response>;
  /** PATCH /api/clips/:id; by default the trims are kept (and checked as the server does). */
  patchClip?: (call: ApiCall, clip: Clip) => Response | undefined;
  /** GET /api/clips/:id/captions.vtt: the clip's WebVTT, null for none (the default, a 204 as the server answers), or an answer of its own. */
  clipCaptions?: (clip: Clip, show: Show) => string | null | Response;
  /** GET /api/recordings/:id/renders for the show as it is now (default: none). */
  renders?: (show: Show) => RenderJob[];
  /** POST /api/recordings/:id/renders (default: not served). */
  startRender?: (call: ApiCall) => Response;
  /** GET /api/recordings/:id/personal-details for the show as it is now (default: not served). */
  personalDetails?: (show: Show) => PersonalDetailsCheck;
  /** GET /api/music (default: the library of the contract, a minute a track). */
  music?: () => Response;
}

/** A small in-memory server for one show (id 42 unless told), its clips, length and voice endpoints. */
export function serve({
  show = buildShow(42, { narration: "We paddled across the lake." }),
  clips = [],
  shots = [],
  voiceOver = null,
  patch,
  cloneVoice,
  fitScript,
  patchClip,
  renders = () => [],
  startRender,
  clipCaptions = () => null,
  personalDetails,
  music = () => json(buildMusicLibrary()),
}: ServerOptions = {}) {
  let current = show;
  let currentClips = clips;
  let currentShots = shots;
  const api = mockApi((call) => {
    const base = `/api/recordings/${current.id}`;
    if (call.path === base && call.method === "GET") return json(current);
    if (call.path === base && call.method === "PATCH") {
      const answer = patch?.(call, current);
      if (answer) return answer;
      current = { ...current, ...(call.body as Partial<Show>), updatedAt: new Date().toISOString() };
      return json(current);
    }
    if (call.path === "/api/clips" && call.method === "GET") return json(currentClips);
    const captionsMatch = /^\/api\/clips\/(\d+)\/captions\.vtt$/.exec(call.path);
    if (captionsMatch && call.method === "GET") {
      const clip = currentClips.find((c) => c.id === Number(captionsMatch[1]));
      const vtt = clip ? clipCaptions(clip, current) : null;
      if (vtt instanceof Response) return vtt;
      return vtt === null ? new Response(null, { status: 204 }) : new Response(vtt, { headers: { "Content-Type": "text/vtt" } });
    }
    const clipMatch = /^\/api\/clips\/(\d+)$/.exec(call.path);
    if (clipMatch && call.method === "PATCH") {
      const clip = currentClips.find((c) => c.id === Number(clipMatch[1]));
      if (!clip) return json({ message: "Clip not found" }, 404);
      const answer = patchClip?.(call, clip);
      if (answer) return answer;
      const body = call.body as { trimStartSeconds?: number; trimEndSeconds?: number | null };
      const start = body.trimStartSeconds ?? clip.trimStartSeconds;
      const end = body.trimEndSeconds === null ? clip.durationSeconds : (body.trimEndSeconds ?? clip.trimEndSeconds);
      if (end - start < 0.5) return json({ message: "Keep at least 0.5 seconds of the clip" }, 400);
      const saved = { ...clip, trimStartSeconds: start, trimEndSeconds: end, usedSeconds: Math.round((end - start) * 100) / 100 };
      currentClips = currentClips.map((c) => (c.id === saved.id ? saved : c));
      return json(saved);
    }
    if (call.path === `${base}/length` && call.method === "GET") {
      return json(lengthOf(current, videoClipsOf(currentClips, currentShots), call.search.get("voice") ?? undefined));
    }
    if (call.path === `${base}/sections` && call.method === "GET") return json(sectionsOf(current.id, currentClips, currentShots));
    const shotMatch = new RegExp(`^${base}/shots/(\\d+)$`).exec(call.path);
    if (shotMatch && call.method === "PATCH") {
      const { chosenClipId } = call.body as { chosenClipId: number | null };
      currentShots = currentShots.map((s) => (s.id === Number(shotMatch[1]) ? { ...s, chosenClipId } : s));
      return json(shotListOf(current.id, currentClips, currentShots));
    }
    if (call.path === `${base}/fit-script` && call.method === "POST") {
      if (fitScript) return fitScript(call, current, currentClips);
      const length = lengthOf(current, videoClipsOf(currentClips, currentShots));
      if (!length.voiceLongerThanClips) {
        return json({ message: "Your script already fits your clips: the voice ends before the pictures do." }, 422);
      }
      const content = (current.narration ?? "").trim().split(/\s+/).slice(0, length.wordsThatFit).join(" ");
      return json({ content, targetWordCount: length.wordsThatFit, clipsSeconds: length.clipsSeconds });
    }
    // None yet is an answer (null), as the server gives it.
    if (call.path === `${base}/voice-over`) return json(voiceOver ?? null);
    if (call.path === "/api/voice/status") return json(buildVoiceStatus());
    if (call.path === "/api/voice/sample") return json(null);
    if (call.path === `${base}/clone-voice` && call.method === "POST") {
      return cloneVoice ? cloneVoice(call) : new Response(new Uint8Array([82, 73, 70, 70]), { status: 200, headers: { "Content-Type": "audio/wav" } });
    }
    if (call.path === `${base}/renders` && call.method === "GET") return json(renders(current));
    if (call.path === `${base}/renders` && call.method === "POST" && startRender) return startRender(call);
    if (call.path === `${base}/personal-details` && call.method === "GET" && personalDetails) return json(personalDetails(current));
    if (call.path === "/api/music" && call.method === "GET") return music();
    return undefined;
  });
  return { ...api, current: () => current, clips: () => currentClips, shots: () => currentShots };
}

/** The shot list the test server answers to a change (only what the editor reads of it). */
function shotListOf(showId: number, clips: readonly Clip[], shots: readonly TestShot[]): ShotList {
  return {
    showId,
    wordsPerSecond: TEST_WORDS_PER_SECOND,
    shots: shots.map((shot, index) => ({
      id: shot.id,
      number: index + 1,
      text: `Shot ${index + 1}.`,
      sentences: [`Shot ${index + 1}.`],
      estimatedSeconds: 1,
      chosenClipId: shot.chosenClipId,
      takes: clips
        .filter((c) => c.shotId === shot.id)
        .map((c) => ({ clipId: c.id, chosen: c.id === shot.chosenClipId, matchesLines: true, wordMatch: null, missedSentences: null })),
    })),
  };
}

/** The editor of show `id`; `search` ("?fix=...") is the address's query. */
export function renderEditor(id: number | string = 42, search = "") {
  return renderShowSubpage(`/shows/${id}/narration${search}`, "/shows/:id/narration", NarrationEditorPage);
}
