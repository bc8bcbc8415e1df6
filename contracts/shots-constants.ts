/**
 * The zod-free part of contracts/shots.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

/** Shots are sentence groups of about this many seconds at the camper's speaking pace (the length check's words per second). */
export const SHOT_LIMITS = {
  minSeconds: 5,
  targetSeconds: 10,
  maxSeconds: 15,
  textMaxLength: 5_000,
  transcriptMaxLength: 10_000,
} as const;

export const SHOT_MESSAGES = {
  notFound: "Shot not found",
  noNarration: "This show has no script yet: write or generate the narration first",
  cannotSplit: "A shot splits between two of its sentences",
  cannotMerge: "The last shot has no next shot to merge with",
  takeNotOfShot: "That clip is not a take of this shot",
  clipHasNoShot: "This clip was not recorded for a shot, so there are no lines to check it against",
  shotGone: "That shot is gone: the script changed. Pick a shot from the list again.",
  checkUnavailable: "The script check isn't available on this camp's server, and this browser heard nothing to compare.",
  /** Said when a take that says every line replaces a chosen take that missed some. */
  takeSwitched: (shotNumber: number, takeNumber: number, previousNumber: number) =>
    `Take ${takeNumber} says every line, so your video now uses it for shot ${shotNumber} instead of take ${previousNumber}.`,
  takeSwitchUndone: (shotNumber: number, previousNumber: number) => `Shot ${shotNumber} uses take ${previousNumber} again.`,
  takeTooLong: (maxMinutes: number) =>
    `This take is longer than ${maxMinutes} minutes, the longest a video can be, so it can't be checked. Record the shot again in a shorter take.`,
} as const;
