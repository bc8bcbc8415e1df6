import type { AUDIO_SOURCES } from "../../../../contracts/recordings.ts";

/** original: the clips' own sound; voice: the AI voice-over reading the narration. */
export type AudioSource = (typeof AUDIO_SOURCES)[number];
