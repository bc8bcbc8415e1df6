import { createHash, randomUUID } from "node:crypto";
import { copyFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { mkdtemp, rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { and, desc, eq } from "drizzle-orm";
import { SHOW_MESSAGES } from "../../../contracts/recordings.ts";
import { VOICE_MESSAGES, VOICE_SAMPLE_LIMITS, type VoiceOver, type VoiceSample, type VoiceStatus } from "../../../contracts/voice.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { HttpError, badRequest, notFound } from "../../http/errors.ts";
import { NotVideoError, TooLargeError, UploadGuard, sniffAudio } from "../../media/magic-bytes.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { concatAudio, probeAudioDuration, remux, type VideoToolPaths } from "../../media/video-tools.ts";
import { VoiceError, splitForSpeech, type VoiceProvider } from "../../voice/voice-provider.ts";

type VoiceOverRow = typeof schema.voiceOvers.$inferSelect;
const vo = schema.voiceOvers;
const vs = schema.voiceSamples;

/** Narrations that only hold a place until the AI writes: nothing to read aloud. */
const PLACEHOLDERS = new Set([SHOW_MESSAGES.draftNarration, SHOW_MESSAGES.updatedNarration]);

export class VoiceService {
  constructor(
    private readonly db: Database,
    private readonly storage: MediaStorage,
    private readonly provider: VoiceProvider,
    private readonly tools: VideoToolPaths,
  ) {}

  status(): VoiceStatus {
    return {
      provider: this.provider.providerName,
      voices: [...this.provider.voices],
      defaultVoice: this.provider.defaultVoice,
      cloningAvailable: false,
    };
  }

  /** The show's narration read aloud; the same text and voice again is served from storage at once. */
  async voiceOver(userId: number, showId: number, requestedVoice?: string): Promise<VoiceOverRow> {
    const voice = requestedVoice ?? this.provider.defaultVoice;
    if (!this.provider.voices.includes(voice)) throw badRequest(VOICE_MESSAGES.unknownVoice);
    const narration = await this.narrationOf(userId, showId);
    const textSha256 = sha256(narration);
    const cached = await this.findVoiceOver(showId, textSha256, voice);
    if (cached) return cached;

    const extension = this.provider.format;
    const key = `users/${userId}/voice-overs/${randomUUID()}.${extension}`;
    let durationSeconds: number;
    try {
      durationSeconds = await this.storage.withNewLocalFile(key, (output) => this.speak(narration, voice, output));
    } catch (error) {
      if (error instanceof VoiceError) throw new HttpError(error.statusCode, error.message);
      throw new HttpError(502, VOICE_MESSAGES.failed);
    }
    const [row] = await this.db
      .insert(vo)
      .values({
        userId,
        showId,
        textSha256,
        provider: this.provider.providerName,
        voice,
        storageKey: key,
        mimeType: extension === "wav" ? "audio/wav" : "audio/mpeg",
        durationSeconds,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    // Another request made the same reading meanwhile: keep theirs.
    await this.storage.delete(key);
    return (await this.findVoiceOver(showId, textSha256, voice))!;
  }

  async latestVoiceOver(userId: number, showId: number): Promise<VoiceOver> {
    const narration = await this.narrationOf(userId, showId).catch(() => "");
    const [row] = await this.db
      .select()
      .from(vo)
      .where(and(eq(vo.showId, showId), eq(vo.userId, userId)))
      .orderBy(desc(vo.createdAt), desc(vo.id))
      .limit(1);
    if (!row) throw notFound(VOICE_MESSAGES.noVoiceOver);
    return this.toVoiceOver(row, narration);
  }

  async voiceOverMedia(userId: number, id: number): Promise<VoiceOverRow> {
    const [row] = await this.db.select().from(vo).where(and(eq(vo.id, id), eq(vo.userId, userId)));
    if (!row) throw notFound(VOICE_MESSAGES.noVoiceOver);
    return row;
  }

  toVoiceOver(row: VoiceOverRow, currentNarration: string): VoiceOver {
    return {
      id: row.id,
      showId: row.showId,
      provider: row.provider,
      voice: row.voice,
      mimeType: row.mimeType,
      durationSeconds: row.durationSeconds,
      matchesNarration: row.textSha256 === sha256(currentNarration),
      mediaUrl: `/api/voice-overs/${row.id}/media`,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async saveSample(userId: number, file: Readable): Promise<VoiceSample> {
    const guard = new UploadGuard(0, VOICE_SAMPLE_LIMITS.maxBytes, (head) => sniffAudio(head) !== undefined);
    const staging = `users/${userId}/voice-sample/incoming-${randomUUID()}`;
    try {
      await this.storage.writeAt(staging, 0, file, guard);
    } catch (error) {
      await this.storage.delete(staging);
      if (error instanceof NotVideoError) throw new HttpError(415, VOICE_MESSAGES.notAudio);
      if (error instanceof TooLargeError) throw new HttpError(413, VOICE_MESSAGES.tooLarge);
      throw error;
    }
    try {
      const head = await this.storage.withLocalFile(staging, async (p) => {
        const { open } = await import("node:fs/promises");
        const handle = await open(p, "r");
        try {
          const buf = Buffer.alloc(12);
          const { bytesRead } = await handle.read(buf, 0, 12, 0);
          return buf.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      });
      const kind = sniffAudio(head);
      if (!kind) throw new HttpError(415, VOICE_MESSAGES.notAudio);
      const key = `users/${userId}/voice-sample/${randomUUID()}.${kind.extension}`;
      // MediaRecorder's WebM has no duration until remuxed (as with clips); other files are kept as sent.
      const durationSeconds = await this.storage
        .withNewLocalFile(key, (target) =>
          this.storage.withLocalFile(staging, async (source) => {
            if (kind.extension === "webm") await remux(this.tools, source, target, "webm");
            else await copyFile(source, target);
            return probeAudioDuration(this.tools, target);
          }),
        )
        .catch(() => {
          throw new HttpError(415, VOICE_MESSAGES.notAudio);
        });
      if (durationSeconds > VOICE_SAMPLE_LIMITS.maxSeconds + VOICE_SAMPLE_LIMITS.graceSeconds) {
        await this.storage.delete(key);
        throw new HttpError(400, VOICE_MESSAGES.tooLong);
      }
      const sizeBytes = (await this.storage.size(key)) ?? 0;
      const [previous] = await this.db.select().from(vs).where(eq(vs.userId, userId));
      const values = { userId, storageKey: key, mimeType: kind.mimeType, sizeBytes, durationSeconds, createdAt: new Date() };
      await this.db.insert(vs).values(values).onConflictDoUpdate({ target: vs.userId, set: values });
      if (previous) await this.storage.delete(previous.storageKey);
      return this.toSample(values);
    } finally {
      await this.storage.delete(staging);
    }
  }

  async sample(userId: number) {
    const [row] = await this.db.select().from(vs).where(eq(vs.userId, userId));
    if (!row) throw notFound(VOICE_MESSAGES.noSample);
    return row;
  }

  async deleteSample(userId: number): Promise<void> {
    const [row] = await this.db.delete(vs).where(eq(vs.userId, userId)).returning();
    if (!row) throw notFound(VOICE_MESSAGES.noSample);
    await this.storage.delete(row.storageKey);
  }

  toSample(row: { mimeType: string; sizeBytes: number; durationSeconds: number; createdAt: Date }): VoiceSample {
    return {
      mimeType: row.mimeType,
      sizeBytes: row.sizeBytes,
      durationSeconds: row.durationSeconds,
      mediaUrl: "/api/voice/sample/media",
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** A show's voice-over files go once its rows are gone. */
  async prepareShowDeletion(userId: number, showId: number) {
    const rows = await this.db.select({ key: vo.storageKey }).from(vo).where(and(eq(vo.showId, showId), eq(vo.userId, userId)));
    return async () => {
      for (const row of rows) await this.storage.delete(row.key);
    };
  }

  private async speak(narration: string, voice: string, output: string): Promise<number> {
    const parts = splitForSpeech(narration, this.provider.maxInputChars);
    if (parts.length === 1) {
      await writeFile(output, await this.provider.synthesize(parts[0]!, voice));
    } else {
      const work = await mkdtemp(path.join(tmpdir(), "summer-stories-voice-"));
      try {
        const files: string[] = [];
        for (const [i, part] of parts.entries()) {
          const file = path.join(work, `part-${i}.${this.provider.format}`);
          await writeFile(file, await this.provider.synthesize(part, voice));
          files.push(file);
        }
        await concatAudio(this.tools, files, output, this.provider.format);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    }
    return probeAudioDuration(this.tools, output);
  }

  private async narrationOf(userId: number, showId: number): Promise<string> {
    const [show] = await this.db
      .select({ narration: schema.recordings.narration })
      .from(schema.recordings)
      .where(and(eq(schema.recordings.id, showId), eq(schema.recordings.userId, userId)));
    if (!show) throw notFound(SHOW_MESSAGES.notFound);
    const narration = (show.narration ?? "").trim();
    if (!narration || PLACEHOLDERS.has(narration as never)) throw badRequest(VOICE_MESSAGES.needsNarration);
    return narration;
  }

  private async findVoiceOver(showId: number, textSha256: string, voice: string) {
    const [row] = await this.db
      .select()
      .from(vo)
      .where(and(eq(vo.showId, showId), eq(vo.textSha256, textSha256), eq(vo.provider, this.provider.providerName), eq(vo.voice, voice)));
    return row;
  }
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
