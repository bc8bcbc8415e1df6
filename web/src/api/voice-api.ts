import { useQuery, type QueryClient } from "@tanstack/react-query";
import { voiceName } from "../../../contracts/voice-constants.ts";
import type { VoiceOption, VoiceOver, VoiceSample, VoiceStatus } from "../../../contracts/voice.ts";
import { apiRequest, getJson, sendForm } from "./client.ts";
import { apiKeys } from "./keys.ts";

/**
 * Client side of the voice API (contracts/voice.ts): the provider's status and voices, the camper's
 * saved voice sample, a show's latest AI voice-over, and generating one.
 */
export const VOICE_SAMPLE_MEDIA_URL = "/api/voice/sample/media";
/** The saved sample's media address; changes when a new sample replaces it, so players reload. */
export function sampleMediaUrl(sample: Pick<VoiceSample, "mediaUrl" | "createdAt">): string {
  return `${sample.mediaUrl || VOICE_SAMPLE_MEDIA_URL}?v=${encodeURIComponent(sample.createdAt)}`;
}
export const voiceOverUrl = (showId: number) => `/api/recordings/${showId}/clone-voice`;

/**
 * The voices to offer, each with the friendly name campers see and its preview: never a raw code
 * such as "en-us+f3" (a voice the server has no name for is called "Voice N").
 */
export function voiceOptionsOf(status: VoiceStatus | undefined): VoiceOption[] {
  if (!status) return [];
  const named = new Map(status.voiceOptions.map((o) => [o.id, o]));
  return status.voices.map((id, index) => {
    const option = named.get(id);
    const name = option && option.name !== id ? option.name : voiceName(id);
    return {
      id,
      name: name === id ? `Voice ${index + 1}` : name,
      previewUrl: option?.previewUrl ?? `/api/voice/preview?voice=${encodeURIComponent(id)}`,
    };
  });
}

/** The name a camper sees for a voice id (from the list when it is there). */
export function friendlyVoiceName(status: VoiceStatus | undefined, id: string): string {
  return voiceOptionsOf(status).find((o) => o.id === id)?.name ?? (voiceName(id) === id ? "an AI voice" : voiceName(id));
}

export function useVoiceStatus() {
  return useQuery<VoiceStatus, Error>({
    queryKey: apiKeys.voiceStatus,
    queryFn: ({ signal }) => getJson<VoiceStatus>("/api/voice/status", { signal }),
  });
}

/**
 * The camper's saved sample, or null when there is none (the server answers null: no 404). Asked once;
 * saving or deleting a sample puts the answer in this one cache entry.
 */
export function useVoiceSample() {
  return useQuery<VoiceSample | null, Error>({
    queryKey: apiKeys.voiceSample,
    queryFn: ({ signal }) => getJson<VoiceSample | null>("/api/voice/sample", { signal }),
  });
}

/** The show's latest voice-over, or null when it has none yet (the server answers null: no 404). */
export function useVoiceOver(showId: number) {
  return useQuery<VoiceOver | null, Error>({
    queryKey: apiKeys.voiceOver(showId),
    queryFn: ({ signal }) => getJson<VoiceOver | null>(`/api/recordings/${showId}/voice-over`, { signal }),
  });
}

/**
 * The show's script was saved: a voice-over it has may no longer read it (matchesNarration), so it is
 * asked again. A show with no voice-over (null) still has none: nothing to ask.
 */
export function scriptSavedForVoice(queryClient: QueryClient, showId: number): void {
  if (queryClient.getQueryData(apiKeys.voiceOver(showId)) === null) return;
  void queryClient.invalidateQueries({ queryKey: apiKeys.voiceOver(showId) });
}

/** Audio of the show's current narration, read by `voice` (the provider's default when omitted). */
export async function generateVoiceOver(showId: number, voice?: string): Promise<Blob> {
  const response = await apiRequest("POST", voiceOverUrl(showId), voice ? { voice } : undefined);
  return response.blob();
}

/** POST /api/voice/save-sample as multipart, the recording in the field voiceSample. */
export function saveVoiceSample(blob: Blob): Promise<VoiceSample> {
  const form = new FormData();
  form.append("voiceSample", blob, sampleFileName(blob.type));
  return sendForm<VoiceSample>("/api/voice/save-sample", form);
}

export async function deleteVoiceSample(): Promise<void> {
  await apiRequest("DELETE", "/api/voice/sample");
}

/** sample.webm for WebM (what Chromium and Firefox record); a matching name for the others. */
export function sampleFileName(mimeType: string): string {
  const type = mimeType.toLowerCase();
  if (type.startsWith("audio/mp4") || type.startsWith("video/mp4")) return "sample.m4a";
  if (type.startsWith("audio/ogg")) return "sample.ogg";
  if (type.startsWith("audio/wav") || type.startsWith("audio/x-wav")) return "sample.wav";
  return "sample.webm";
}
