import { randomUUID } from "node:crypto";
import { copyFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { VOICE_MESSAGES, VOICE_SAMPLE_LIMITS, type VoiceSample } from "../../../contracts/voice.ts";
import { badRequest, notFound, payloadTooLarge, unsupportedMediaType } from "../../http/errors.ts";
import { NotVideoError, TooLargeError, UploadGuard, sniffAudio } from "../../media/magic-bytes.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { probeAudioDuration, remux, type VideoToolPaths } from "../../media/video-tools.ts";
import { StorageFullError, type Reservation, type StorageQuota } from "../storage-quota/storage-quota.ts";
import type { VoiceRepository } from "./voice.repository.ts";

export interface VoiceSamplesOptions {
  voices: VoiceRepository;
  storage: MediaStorage;
  tools: VideoToolPaths;
  quota: StorageQuota;
}

/** The camper's voice sample: one at a time, checked as audio, counted in their space. */
export class VoiceSamples {
  private readonly voices: VoiceRepository;
  private readonly storage: MediaStorage;
  private readonly tools: VideoToolPaths;
  private readonly quota: StorageQuota;

  constructor(options: VoiceSamplesOptions) {
    this.voices = options.voices;
    this.storage = options.storage;
    this.tools = options.tools;
    this.quota = options.quota;
  }

  /**
   * Saves the camper's voice sample in place of the one before. Its bytes count in the camper's space
   * as they arrive (held under the staging file's name), and the sample is saved only if it fits there
   * with everything else they keep, under the same lock as every other check of their space.
   */
  async saveSample(userId: number, file: Readable, signal?: AbortSignal): Promise<VoiceSample> {
    const incoming = `incoming-${randomUUID()}`;
    const space = this.quota.reservation(userId, incoming, 0, VOICE_SAMPLE_LIMITS.maxBytes);
    try {
      return await this.storeSample(userId, file, incoming, space, signal);
    } finally {
      await space.release();
    }
  }

  private async storeSample(userId: number, file: Readable, incoming: string, space: Reservation, signal?: AbortSignal): Promise<VoiceSample> {
    const guard = new UploadGuard(0, VOICE_SAMPLE_LIMITS.maxBytes, { accepts: (head) => sniffAudio(head) !== undefined, room: space });
    const staging = `users/${userId}/voice-sample/${incoming}`;
    try {
      await this.storage.writeAt(staging, 0, file, guard);
      await this.storage.seal(staging);
    } catch (error) {
      await this.storage.delete(staging);
      if (error instanceof NotVideoError) throw unsupportedMediaType(VOICE_MESSAGES.notAudio);
      if (error instanceof StorageFullError) throw this.quota.full();
      if (error instanceof TooLargeError) throw payloadTooLarge(VOICE_MESSAGES.tooLarge);
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
      if (!kind) throw unsupportedMediaType(VOICE_MESSAGES.notAudio);
      const key = `users/${userId}/voice-sample/${randomUUID()}.${kind.extension}`;
      // MediaRecorder's WebM has no duration until remuxed (as with clips); other files are kept as sent.
      const durationSeconds = await this.storage
        .withNewLocalFile(key, (target) =>
          this.storage.withLocalFile(staging, async (source) => {
            if (kind.extension === "webm") await remux(this.tools, source, target, "webm", signal);
            else await copyFile(source, target);
            return probeAudioDuration(this.tools, target, signal);
          }),
        )
        .catch(() => {
          throw unsupportedMediaType(VOICE_MESSAGES.notAudio);
        });
      if (durationSeconds > VOICE_SAMPLE_LIMITS.maxSeconds + VOICE_SAMPLE_LIMITS.graceSeconds) {
        await this.storage.delete(key);
        throw badRequest(VOICE_MESSAGES.tooLong);
      }
      const sizeBytes = (await this.storage.size(key)) ?? 0;
      const values = { userId, storageKey: key, mimeType: kind.mimeType, sizeBytes, durationSeconds, createdAt: new Date() };
      // The sample it replaces is read under the lock too, so two saves at once never leave a file no row names.
      const previous = await this.quota
        .admit(
          userId,
          async (tx, usage) => {
            if (usage.bytes + sizeBytes > this.quota.limits.storedBytes) throw this.quota.full();
            return this.voices.replaceSample(tx, values);
          },
          { reservation: incoming, sample: true },
        )
        .catch(async (error: unknown) => {
          await this.storage.delete(key);
          throw error;
        });
      if (previous) await this.storage.delete(previous.storageKey);
      return toVoiceSample(values);
    } finally {
      await this.storage.delete(staging);
    }
  }

  /** The camper's saved sample, null when there is none (most campers have none). */
  async sampleOrNull(userId: number): Promise<VoiceSample | null> {
    const row = await this.voices.findSample(userId);
    return row ? toVoiceSample(row) : null;
  }

  async sample(userId: number) {
    const row = await this.voices.findSample(userId);
    if (!row) throw notFound(VOICE_MESSAGES.noSample);
    return row;
  }

  async deleteSample(userId: number): Promise<void> {
    const row = await this.voices.deleteSample(userId);
    if (!row) throw notFound(VOICE_MESSAGES.noSample);
    await this.storage.delete(row.storageKey);
  }
}

/** A sample as the API shows it (and the data export keeps it). */
export function toVoiceSample(row: { mimeType: string; sizeBytes: number; durationSeconds: number; createdAt: Date }): VoiceSample {
  return {
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    durationSeconds: row.durationSeconds,
    mediaUrl: "/api/voice/sample/media",
    createdAt: row.createdAt.toISOString(),
  };
}
