import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MUSIC_TRACKS, musicTrackIdSchema, type MusicTrack, type MusicTrackId } from "../../../contracts/music.ts";

/**
 * The music library's files (decision 028a): server/assets/music/<id>.ogg, made by
 * `npm run music:compose`, with tracks.json beside them (seconds, loudness, a short hash of each file).
 * The same relative path holds in the source tree and in dist/ (scripts/copy-assets.mjs copies it).
 */
const MUSIC_DIR = new URL("../../assets/music/", import.meta.url);

export interface TrackFacts {
  id: MusicTrackId;
  seconds: number;
  lufs: number;
  truePeak: number;
  /** First 8 hex digits of the file's SHA-1: the audio URL's version. */
  sha1: string;
}

let facts: Map<string, TrackFacts> | undefined;

/** tracks.json, read once: the compose script measured each file, so nothing is probed per request. */
function trackFacts(): Map<string, TrackFacts> {
  facts ??= new Map(
    (JSON.parse(readFileSync(new URL("tracks.json", MUSIC_DIR), "utf8")) as { tracks: TrackFacts[] }).tracks.map((t) => [t.id, t]),
  );
  return facts;
}

/** The id when `value` names a track of the library, else undefined. */
export function musicTrackId(value: string): MusicTrackId | undefined {
  const parsed = musicTrackIdSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The absolute path of a track's Ogg Vorbis file (48 kHz stereo, about -18 LUFS, loops without a click). */
export function musicTrackFile(id: MusicTrackId): string {
  return fileURLToPath(new URL(`${id}.ogg`, MUSIC_DIR));
}

/** The measured facts of one track (seconds, loudness, version hash). */
/** The file of a track named by a show or a render job (a plain string there); undefined for an id not in the library. */
export function musicFileOf(id: string): string | undefined {
  const known = musicTrackId(id);
  return known ? musicTrackFile(known) : undefined;
}

export function musicTrackFacts(id: MusicTrackId): TrackFacts {
  const found = trackFacts().get(id);
  if (!found) throw new Error(`Music track ${id} is missing from tracks.json: run npm run music:compose`);
  return found;
}

/** The audio URL the client plays: it carries the file's hash, so the response may be cached for good. */
export function musicAudioUrl(id: MusicTrackId): string {
  return `/api/music/${id}/audio?v=${musicTrackFacts(id).sha1}`;
}

/** Every track, in the contract's order, with its measured length. */
export function listMusic(): MusicTrack[] {
  return MUSIC_TRACKS.map((t) => ({ id: t.id, title: t.title, mood: t.mood, seconds: musicTrackFacts(t.id).seconds, audioUrl: musicAudioUrl(t.id) }));
}
