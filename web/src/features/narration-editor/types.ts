/** original: the clips' own sound; voice: the AI voice-over reading the narration. */
export type { AudioSource } from "../../../../contracts/shows.ts";
