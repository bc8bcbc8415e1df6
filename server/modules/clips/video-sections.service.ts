import { SHOW_MESSAGES } from "../../../contracts/shows.ts";
import type { VideoSection, VideoSections } from "../../../contracts/video-sections.ts";
import { notFound } from "../../http/errors.ts";
import type { ShotsRepository } from "../shots/shots.repository.ts";
import type { ShowsRepository } from "../shows/shows.repository.ts";
import { clipSpan, toClip, type ClipRow, type ClipsRepository } from "./clips.repository.ts";

/** Seconds as the length check rounds them (story-length.service.ts), so the two say the same figure. */
export const roundSeconds = (n: number) => Math.round(n * 100) / 100;

/** The clips' used seconds, as the length check and the editor's sections add them up. */
export function usedSecondsOf(clips: readonly ClipRow[]): number {
  return roundSeconds(clips.reduce((sum, c) => sum + clipSpan(c).seconds, 0));
}

/**
 * The video's sections for the editor: `ClipsRepository.videoClips` (what the render plays and the length
 * check counts) in its order, each shot's other takes folded under it, and shots with takes but none
 * used in their place among the shots.
 */
export class VideoSectionsService {
  constructor(
    private readonly clips: ClipsRepository,
    private readonly shows: ShowsRepository,
    private readonly shots: ShotsRepository,
  ) {}

  async list(userId: number, showId: number): Promise<VideoSections> {
    if (!(await this.shows.findOwned(userId, showId))) throw notFound(SHOW_MESSAGES.notFound);
    const [inVideo, all, shots] = await Promise.all([this.clips.videoClips(userId, showId), this.clips.list(userId, showId), this.shots.listShots(showId)]);
    const takes = new Map<number, ClipRow[]>();
    for (const clip of [...all].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)) {
      if (clip.shotId !== null) takes.set(clip.shotId, [...(takes.get(clip.shotId) ?? []), clip]);
    }
    const used = new Map(inVideo.filter((c) => c.shotId !== null).map((c) => [c.shotId!, c]));
    const sections: VideoSection[] = [];
    for (const [index, shot] of shots.entries()) {
      const clip = used.get(shot.id) ?? null;
      const others = (takes.get(shot.id) ?? []).filter((t) => t.id !== clip?.id);
      if (!clip && others.length === 0) continue;
      sections.push({ clip: clip && toClip(clip), shotId: shot.id, shotNumber: index + 1, otherTakes: others.map(toClip) });
    }
    for (const clip of inVideo.filter((c) => c.shotId === null)) sections.push({ clip: toClip(clip), shotId: null, shotNumber: null, otherTakes: [] });
    return { showId, sections, clipCount: inVideo.length, clipsSeconds: usedSecondsOf(inVideo) };
  }
}
