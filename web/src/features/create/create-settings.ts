import { useEffect, useState } from "react";
import {
  DEFAULT_TONE,
  DEFAULT_VIDEO_FORMAT,
  LENGTH_SECONDS,
  NARRATION_TONES,
  VIDEO_FORMATS,
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
  return VIDEO_FORMATS.find((f) => f.key === format)?.maxDuration ?? 600;
}

/** Any number becomes a valid length for the format: a multiple of 30 between 30 and the format's maximum. */
export function clampLength(seconds: number, format: VideoFormatKey): number {
  const max = maxLengthFor(format);
  if (!Number.isFinite(seconds)) return Math.min(LENGTH_SECONDS.default, max);
  const stepped = Math.round(seconds / LENGTH_SECONDS.step) * LENGTH_SECONDS.step;
  return Math.min(max, Math.max(LENGTH_SECONDS.min, stepped));
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
