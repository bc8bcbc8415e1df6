/**
 * The zod-free part of contracts/shows.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

/** Limits the server enforces on a show (issue: Shows). */
export const SHOW_LIMITS = {
  maxPrompts: 5,
  promptMaxLength: 500,
  responseMaxLength: 5000,
  titleMaxLength: 200,
  narrationMaxLength: 20_000,
  listPageMax: 100,
  /** The parts a show's video is made of: its shots and its clips recorded for no shot, together. */
  maxSections: 100,
} as const;

export const SHOW_MESSAGES = {
  needsResponse: "Please fill out at least one response before saving",
  notFound: "Show not found",
  promptsMismatch: "Prompts and responses must be lists of the same length",
  freeTierLimit: (limit: number) =>
    `The free plan holds ${limit} shows. Delete a show you no longer need, or see Plans for more.`,
  draftNarration: "Draft saved - waiting for AI generation",
  updatedNarration: "Updated - waiting for AI generation",
  tooManySections: (max: number) =>
    `A show can have at most ${max} parts (shots and clips together). Delete a clip you don't need or merge two shots, then try again.`,
} as const;

const PLACEHOLDER_NARRATIONS: ReadonlySet<string> = new Set(["", SHOW_MESSAGES.draftNarration, SHOW_MESSAGES.updatedNarration]);

/**
 * True when a show holds no narration of its own: none, blank, or the text saving writes while the AI
 * has not written one yet. Such a show has nothing to voice, caption or fit to its clips.
 */
export function isPlaceholderNarration(narration: string | null | undefined): boolean {
  return PLACEHOLDER_NARRATIONS.has((narration ?? "").trim());
}

export const AUDIO_SOURCES = ["original", "voice"] as const;

export type AudioSource = (typeof AUDIO_SOURCES)[number];

/**
 * The effective captions choice of a show (what a render without options uses). False with the clips'
 * own sound and automatic captions: the render then adds captions only if the camper read the script.
 */
export function captionsOn(show: { captions: boolean | null; audioSource: (typeof AUDIO_SOURCES)[number] }): boolean {
  return show.captions ?? show.audioSource === "voice";
}

/** The response header carrying the cursor of the next page, absent on the last page. */
export const NEXT_CURSOR_HEADER = "x-next-cursor";
