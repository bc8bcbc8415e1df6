import { useEffect, useState } from "react";
import {
  DEFAULT_TONE,
  DEFAULT_VIDEO_FORMAT,
  LENGTH_MESSAGES,
  LENGTH_SECONDS,
  NARRATION_TONES,
  VIDEO_FORMATS,
  videoFormatFor,
  type NarrationTone,
  type VideoFormatKey,
} from "../../../../contracts/product.ts";
import { readLocal, writeLocal } from "../../lib/local-store.ts";

export interface CreateSettings {
  tone: NarrationTone;
  videoFormat: VideoFormatKey;
  lengthSeconds: number;
}

export const DEFAULT_SETTINGS: CreateSettings = {
  tone: DEFAULT_TONE,
  videoFormat: DEFAULT_VIDEO_FORMAT,
  lengthSeconds: LENGTH_SECONDS.default,
};

export function maxLengthFor(format: VideoFormatKey): number {
  return videoFormatFor(format).maxDuration;
}

/** Any number becomes a valid length for the format: whole seconds between 30 and the format's maximum. */
export function clampLength(seconds: number, format: VideoFormatKey): number {
  const max = maxLengthFor(format);
  if (!Number.isFinite(seconds)) return Math.min(LENGTH_SECONDS.default, max);
  return Math.min(max, Math.max(LENGTH_SECONDS.min, Math.round(seconds)));
}

/**
 * A length typed in the box, made valid for the format, with the reason when it had to change (shown
 * beside the box): a typed 45 stays 45; 20 becomes 30 and says why.
 */
export function typedLength(typed: string, format: VideoFormatKey, formatLength: (s: number) => string): { seconds: number | null; note: string | null } {
  if (!typed.trim()) return { seconds: null, note: null };
  const value = Number(typed);
  if (!Number.isFinite(value)) return { seconds: null, note: LENGTH_MESSAGES.notANumber };
  const seconds = clampLength(value, format);
  if (seconds === value) return { seconds, note: null };
  const formatLabel = VIDEO_FORMATS.find((f) => f.key === format)?.label ?? "This format's";
  if (value < LENGTH_SECONDS.min) return { seconds, note: LENGTH_MESSAGES.tooShort(LENGTH_SECONDS.min) };
  if (value > maxLengthFor(format)) return { seconds, note: LENGTH_MESSAGES.tooLong(formatLabel, formatLength(seconds)) };
  return { seconds, note: LENGTH_MESSAGES.wholeSeconds(seconds) };
}

function sanitize(value: Partial<CreateSettings>): CreateSettings {
  const tone = NARRATION_TONES.some((t) => t.key === value.tone) ? (value.tone as NarrationTone) : DEFAULT_TONE;
  const videoFormat = VIDEO_FORMATS.some((f) => f.key === value.videoFormat)
    ? (value.videoFormat as VideoFormatKey)
    : DEFAULT_VIDEO_FORMAT;
  return { tone, videoFormat, lengthSeconds: clampLength(Number(value.lengthSeconds ?? LENGTH_SECONDS.default), videoFormat) };
}

/** The Create screen's choices, remembered on this device per camper. */
export function useCreateSettings(storageKey: string, initial?: Partial<CreateSettings>) {
  const [settings, setSettings] = useState<CreateSettings>(() =>
    sanitize(initial ?? readLocal<Partial<CreateSettings>>(storageKey, DEFAULT_SETTINGS)),
  );
  useEffect(() => {
    writeLocal(storageKey, settings);
  }, [storageKey, settings]);

  return {
    settings,
    setTone: (tone: NarrationTone) => setSettings((s) => ({ ...s, tone })),
    setVideoFormat: (videoFormat: VideoFormatKey) =>
      setSettings((s) => ({ ...s, videoFormat, lengthSeconds: clampLength(s.lengthSeconds, videoFormat) })),
    setLengthSeconds: (seconds: number) => setSettings((s) => ({ ...s, lengthSeconds: clampLength(seconds, s.videoFormat) })),
  };
}
