import { SHOW_MESSAGES, isPlaceholderNarration } from "../../../contracts/shows.ts";
import { RENDER_MESSAGES, type StoryLength } from "../../../contracts/renders.ts";
import { badRequest, notFound, unprocessable } from "../../http/errors.ts";
import { CARDS_SECONDS, frameSize, storyMaxSeconds } from "../../render/render-plan.ts";
import type { AiService } from "../ai/ai.service.ts";
import type { ClipsRepository } from "../clips/clips.repository.ts";
import { roundSeconds as round, usedSecondsOf } from "../clips/video-sections.service.ts";
import type { ShowsRepository } from "../shows/shows.repository.ts";
import { countSpokenWords } from "../voice/voice-timing.ts";
import type { VoiceService } from "../voice/voice.service.ts";


export interface StoryLengthServiceOptions {
  shows: ShowsRepository;
  clips: ClipsRepository;
  voice: VoiceService;
  ai: AiService;
}

/** The clips' total next to the voice's length, and fitting the script to the clips. */
export class StoryLengthService {
  private readonly shows: ShowsRepository;
  private readonly clips: ClipsRepository;
  private readonly voice: VoiceService;
  private readonly ai: AiService;

  constructor(options: StoryLengthServiceOptions) {
    this.shows = options.shows;
    this.clips = options.clips;
    this.voice = options.voice;
    this.ai = options.ai;
  }

  async measure(userId: number, showId: number, requestedVoice?: string): Promise<StoryLength> {
    return (await this.measureShow(userId, showId, requestedVoice)).length;
  }

  /** The script rewritten to the word count the voice reads within the clips (not saved). */
  async fitScript(userId: number, showId: number, requestedVoice?: string) {
    const { length, narration, tone } = await this.measureShow(userId, showId, requestedVoice);
    if (!narration) throw badRequest(RENDER_MESSAGES.needsNarration);
    if (length.clipCount === 0) throw badRequest(RENDER_MESSAGES.noClips);
    if (!length.voiceLongerThanClips) throw unprocessable(RENDER_MESSAGES.alreadyFits);
    if (length.wordsThatFit < 5) throw unprocessable(RENDER_MESSAGES.clipsTooShort);
    await this.ai.checkLimit(userId);
    const content = await this.ai.fitNarration({ content: narration, targetWordCount: length.wordsThatFit, tone });
    return { content, targetWordCount: length.wordsThatFit, clipsSeconds: length.clipsSeconds };
  }

  private async measureShow(userId: number, showId: number, requestedVoice?: string) {
    const show = await this.shows.findOwned(userId, showId);
    if (!show) throw notFound(SHOW_MESSAGES.notFound);
    // The show's chosen voice unless another is asked for (a voice the provider no longer has: its default).
    const voice = this.voice.resolveVoice(requestedVoice ?? this.voice.showVoice(show.voice));
    const clips = await this.clips.videoClips(userId, showId);
    const clipsSeconds = usedSecondsOf(clips);
    const formatMaxSeconds = frameSize(show.videoFormat).maxDuration;
    const trimmed = (show.narration ?? "").trim();
    const narration = isPlaceholderNarration(trimmed) ? "" : trimmed;
    const narrationWords = countSpokenWords(narration);
    const wordsPerSecond = await this.voice.paceOf(userId, voice);
    const reading = narration ? await this.voice.existingReading(showId, narration, voice) : undefined;
    const voiceSeconds = narration ? round(reading ? reading.durationSeconds : narrationWords / wordsPerSecond) : null;
    // With title and end cards (the show's choice), the clips share the format's maximum with them.
    const cardsSeconds = show.titleCard ? CARDS_SECONDS : 0;
    const shownClips = Math.min(clipsSeconds, storyMaxSeconds(show.videoFormat, show.titleCard));
    const length: StoryLength = {
      clipCount: clips.length,
      clipsSeconds,
      formatMaxSeconds,
      narrationWords,
      voice,
      voiceSeconds,
      voiceMeasured: Boolean(reading),
      wordsPerSecond,
      wordsThatFit: Math.floor(shownClips * wordsPerSecond),
      videoSecondsWithVoice: round(Math.max(shownClips, voiceSeconds ?? 0) + cardsSeconds),
      cardsSeconds,
      voiceLongerThanClips: voiceSeconds !== null && voiceSeconds > shownClips,
    };
    return { length, narration, tone: show.tone };
  }
}
