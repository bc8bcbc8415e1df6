import { createHash, randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { mkdtemp, rm } from "node:fs/promises";
import { SHOW_MESSAGES, isPlaceholderNarration } from "../../../contracts/shows.ts";
import { VOICE_MESSAGES, VOICE_PREVIEW_TEXT, voiceName, type VoiceOver, type VoiceStatus } from "../../../contracts/voice.ts";
import { HttpError, badRequest, notFound } from "../../http/errors.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { ToolAbortedError, ToolTimeLimitError } from "../../media/tool-process.ts";
import { concatAudio, detectSilences, probeAudioDuration, type VideoToolPaths } from "../../media/video-tools.ts";
import { VoiceError, speechSentences, splitForSpeech, type TimedSentence, type VoiceProvider } from "../../voice/voice-provider.ts";
import { joinWithPauses, parseWav, seconds, toWav, trimSilence } from "../../voice/wav.ts";
import type { ShowsRepository } from "../shows/shows.repository.ts";
import { LEAD_SECONDS, SENTENCE_GAP_SECONDS, TAIL_SECONDS, TYPICAL_WORDS_PER_SECOND, countSpokenWords, placeSentences, round } from "./voice-timing.ts";
import type { VoiceOverRow, VoiceRepository } from "./voice.repository.ts";

export interface VoiceServiceOptions {
  voices: VoiceRepository;
  shows: ShowsRepository;
  storage: MediaStorage;
  provider: VoiceProvider;
  tools: VideoToolPaths;
  /** The per-camper AI limit (429 when reached) for the readings campers ask for; none where no camper asks (the render worker). */
  aiLimit?: (userId: number) => Promise<void>;
}

export class VoiceService {
  private readonly previews = new Map<string, Promise<Buffer>>();

  private readonly voices: VoiceRepository;
  private readonly shows: ShowsRepository;
  private readonly storage: MediaStorage;
  private readonly provider: VoiceProvider;
  private readonly tools: VideoToolPaths;
  private readonly aiLimit: ((userId: number) => Promise<void>) | undefined;

  constructor(options: VoiceServiceOptions) {
    this.voices = options.voices;
    this.shows = options.shows;
    this.storage = options.storage;
    this.provider = options.provider;
    this.tools = options.tools;
    this.aiLimit = options.aiLimit;
  }

  status(): VoiceStatus {
    return {
      provider: this.provider.providerName,
      voices: [...this.provider.voices],
      voiceOptions: this.provider.voices.map((id) => ({
        id,
        name: voiceName(id),
        previewUrl: `/api/voice/preview?voice=${encodeURIComponent(id)}`,
      })),
      defaultVoice: this.provider.defaultVoice,
      cloningAvailable: false,
    };
  }

  /** A voice this provider has (the default when none is asked for); 400 otherwise. */
  resolveVoice(requested?: string): string {
    const voice = requested ?? this.provider.defaultVoice;
    if (!this.provider.voices.includes(voice)) throw badRequest(VOICE_MESSAGES.unknownVoice);
    return voice;
  }

  /** The voice a show is read in: its chosen voice while this provider has it, else the default. */
  showVoice(chosen: string | null): string {
    return chosen && this.provider.voices.includes(chosen) ? chosen : this.provider.defaultVoice;
  }

  /** The voice-over of exactly this text in this voice, if one was made. */
  async existingReading(showId: number, text: string, voice: string): Promise<VoiceOverRow | undefined> {
    return this.findVoiceOver(showId, sha256(text), voice);
  }

  /** Whether reading this text in this voice (the default when none) would be a new synthesis, as a render's voice-over. */
  async needsSynthesis(showId: number, text: string, chosenVoice: string | null): Promise<boolean> {
    const voice = chosenVoice ?? this.provider.defaultVoice;
    if (!this.provider.voices.includes(voice)) return false;
    return !(await this.existingReading(showId, text, voice));
  }

  /**
   * How fast this voice reads (words a second), from the camper's latest voice-over in it (any
   * script), else the typical pace of a built-in voice.
   */
  async paceOf(userId: number, voice: string): Promise<number> {
    const row = await this.voices.latestReadingIn(userId, voice, this.provider.providerName);
    const words = row?.sentences ? row.sentences.reduce((n, s) => n + countSpokenWords(s.text), 0) : 0;
    if (!row || words < 10 || row.durationSeconds <= 0) return TYPICAL_WORDS_PER_SECOND;
    return Math.round((words / row.durationSeconds) * 100) / 100;
  }

  /** True when a new reading sends the script to another server: work done ahead of the camper never asks for one. */
  get sendsTextAway(): boolean {
    return this.provider.sendsTextAway;
  }

  /** The reading of the show's current script in `requestedVoice` made earlier, or null (nothing is read now). */
  async keptVoiceOver(userId: number, showId: number, requestedVoice?: string): Promise<VoiceOverRow | null> {
    return (await this.existingReading(showId, await this.narrationOf(userId, showId), requestedVoice ?? this.provider.defaultVoice)) ?? null;
  }

  /** A voice-over a camper asked for: synthesis is as costly as writing, so it shares the per-camper AI limit. */
  async voiceOverFor(userId: number, showId: number, requestedVoice: string | undefined, signal: AbortSignal): Promise<VoiceOverRow> {
    await this.aiLimit?.(userId);
    return this.voiceOver(userId, showId, requestedVoice, signal);
  }

  /**
   * The show's narration read aloud; the same text and voice again is served from storage at once.
   * `signal` stops the reading (the request or render job that asked for it went away).
   */
  async voiceOver(userId: number, showId: number, requestedVoice?: string, signal?: AbortSignal): Promise<VoiceOverRow> {
    const voice = requestedVoice ?? this.provider.defaultVoice;
    if (!this.provider.voices.includes(voice)) throw badRequest(VOICE_MESSAGES.unknownVoice);
    const narration = await this.narrationOf(userId, showId);
    const textSha256 = sha256(narration);
    const cached = await this.findVoiceOver(showId, textSha256, voice);
    if (cached) return cached;

    const extension = this.provider.format;
    const key = `users/${userId}/voice-overs/${randomUUID()}.${extension}`;
    let spoken: { durationSeconds: number; sentences: TimedSentence[] };
    try {
      spoken = await this.storage.withNewLocalFile(key, (output) => this.speak(narration, voice, output, signal));
    } catch (error) {
      throw voiceFailure(error);
    }
    const row = await this.voices.createReading({
      userId,
      showId,
      textSha256,
      provider: this.provider.providerName,
      voice,
      storageKey: key,
      mimeType: extension === "wav" ? "audio/wav" : "audio/mpeg",
      durationSeconds: spoken.durationSeconds,
      sentences: spoken.sentences,
    });
    if (row) return row;
    // Another request made the same reading meanwhile: keep theirs.
    await this.storage.delete(key);
    return (await this.findVoiceOver(showId, textSha256, voice))!;
  }

  /** The show's latest voice-over; null when it has none yet (an ordinary state, not an error). */
  async latestVoiceOver(userId: number, showId: number): Promise<VoiceOver | null> {
    const show = await this.shows.findOwned(userId, showId);
    if (!show) throw notFound(SHOW_MESSAGES.notFound);
    const row = await this.voices.latestOfShow(userId, showId);
    if (!row) return null;
    const narration = (show.narration ?? "").trim();
    return this.toVoiceOver(row, isPlaceholderNarration(narration) ? "" : narration);
  }

  async voiceOverMedia(userId: number, id: number): Promise<VoiceOverRow> {
    const row = await this.voices.findOwned(userId, id);
    if (!row) throw notFound(VOICE_MESSAGES.noVoiceOver);
    return row;
  }

  toVoiceOver(row: VoiceOverRow, currentNarration: string): VoiceOver {
    return {
      id: row.id,
      showId: row.showId,
      provider: row.provider,
      voice: row.voice,
      voiceName: voiceName(row.voice),
      mimeType: row.mimeType,
      durationSeconds: row.durationSeconds,
      matchesNarration: row.textSha256 === sha256(currentNarration),
      mediaUrl: `/api/voice-overs/${row.id}/media`,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** A show's voice-over files go once its rows are gone. */
  async prepareShowDeletion(userId: number, showId: number) {
    const keys = await this.voices.storageKeysOfShow(userId, showId);
    return async () => {
      for (const key of keys) await this.storage.delete(key);
    };
  }

  /** A preview a camper asked for: made once per voice, the first time costs as much as any synthesis (the AI limit). */
  async previewFor(userId: number, voice: string): Promise<{ audio: Buffer; mimeType: string }> {
    if (!this.previews.has(voice)) await this.aiLimit?.(userId);
    return this.preview(voice);
  }

  /** A few seconds of a voice, made once per voice and process (the same words every time). */
  private async preview(voice: string): Promise<{ audio: Buffer; mimeType: string }> {
    if (!this.provider.voices.includes(voice)) throw badRequest(VOICE_MESSAGES.unknownVoice);
    let audio = this.previews.get(voice);
    if (!audio) {
      // Shared by everyone who asks meanwhile, so no one request's going away stops it; its time limit does.
      audio = this.provider.synthesize(VOICE_PREVIEW_TEXT, voice).catch((error: unknown) => {
        this.previews.delete(voice);
        throw voiceFailure(error);
      });
      this.previews.set(voice, audio);
    }
    return { audio: await audio, mimeType: this.provider.format === "wav" ? "audio/wav" : "audio/mpeg" };
  }

  /**
   * Reads the script into `output` and says where each sentence starts. Built-in voices read one
   * sentence at a time: the joins are exact to the sample, with a short pause between sentences. A
   * remote provider reads in large parts, and the sentence starts are found in its audio from the
   * pauses between sentences (ffmpeg silencedetect).
   */
  private async speak(narration: string, voice: string, output: string, signal?: AbortSignal): Promise<{ durationSeconds: number; sentences: TimedSentence[] }> {
    const sentences = speechSentences(narration);
    if (sentences.length === 0) sentences.push(narration);
    if (this.provider.format === "wav") return this.speakSentences(sentences, voice, output, signal);
    const parts = splitForSpeech(narration, this.provider.maxInputChars);
    if (parts.length === 1) {
      await writeFile(output, await this.provider.synthesize(parts[0]!, voice, signal));
    } else {
      const work = await mkdtemp(path.join(tmpdir(), "summer-stories-voice-"));
      try {
        const files: string[] = [];
        for (const [i, part] of parts.entries()) {
          const file = path.join(work, `part-${i}.${this.provider.format}`);
          await writeFile(file, await this.provider.synthesize(part, voice, signal));
          files.push(file);
        }
        await concatAudio(this.tools, files, output, this.provider.format, signal);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    }
    const durationSeconds = await probeAudioDuration(this.tools, output, signal);
    const silences = await detectSilences(this.tools, output, undefined, undefined, signal);
    return { durationSeconds, sentences: placeSentences(sentences, silences, durationSeconds) };
  }

  private async speakSentences(sentences: string[], voice: string, output: string, signal?: AbortSignal) {
    const audio = this.provider.synthesizeEach
      ? await this.provider.synthesizeEach(sentences, voice, signal)
      : await sentences.reduce<Promise<Buffer[]>>(async (done, s) => [...(await done), await this.provider.synthesize(s, voice, signal)], Promise.resolve([]));
    const pcm = audio.map((a) => trimSilence(parseWav(a)));
    if (pcm.some((p) => p.sampleRate !== pcm[0]!.sampleRate || p.channels !== pcm[0]!.channels)) throw new VoiceError(502, "The voice changed format mid-script");
    const { audio: joined, placed } = joinWithPauses(pcm, { lead: LEAD_SECONDS, between: SENTENCE_GAP_SECONDS, tail: TAIL_SECONDS });
    const timed: TimedSentence[] = placed.map(({ start, end }, i) => ({ text: sentences[i]!, start: round(start), end: round(end) }));
    await writeFile(output, toWav(joined));
    return { durationSeconds: round(seconds(joined)), sentences: timed };
  }

  private async narrationOf(userId: number, showId: number): Promise<string> {
    const show = await this.shows.findOwned(userId, showId);
    if (!show) throw notFound(SHOW_MESSAGES.notFound);
    const narration = (show.narration ?? "").trim();
    if (isPlaceholderNarration(narration)) throw badRequest(VOICE_MESSAGES.needsNarration);
    return narration;
  }

  private findVoiceOver(showId: number, textSha256: string, voice: string) {
    return this.voices.findReading(showId, textSha256, this.provider.providerName, voice);
  }
}

/** What the camper hears when a voice could not be made: the provider's own words, or ours. */
function voiceFailure(error: unknown): Error {
  // Its request or job went away: nobody to tell.
  if (error instanceof HttpError || error instanceof ToolAbortedError) return error;
  if (error instanceof VoiceError) return new HttpError(error.statusCode, error.message);
  if (error instanceof ToolTimeLimitError) return new HttpError(504, VOICE_MESSAGES.tookTooLong);
  return new HttpError(502, VOICE_MESSAGES.failed);
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
