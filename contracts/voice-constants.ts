/**
 * The zod-free part of contracts/voice.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

/**
 * Names campers see for the built-in and provider voices (ids are what the API takes). None of
 * them is the camper's own voice.
 */
export const VOICE_NAMES: Readonly<Record<string, string>> = {
  // Flite: CMU voices recorded from real speakers.
  kal16: "Kal (clearest, US)",
  rms: "Reed (deep, US)",
  slt: "Sam (soft, US)",
  awb: "Alastair (Scottish)",
  kal: "Kal (telephone, US)",
  // eSpeak NG: formant voices, more robotic.
  "en-us": "Robo (eSpeak, US)",
  en: "Robo (eSpeak, British)",
  "en-us+f3": "Robo high (eSpeak, US)",
  "en-us+m3": "Robo low (eSpeak, US)",
  // OpenAI-compatible speech.
  alloy: "Alloy",
  ash: "Ash",
  coral: "Coral",
  echo: "Echo",
  fable: "Fable",
  nova: "Nova",
  onyx: "Onyx",
  sage: "Sage",
  shimmer: "Shimmer",
};

export function voiceName(id: string): string {
  return VOICE_NAMES[id] ?? id;
}
