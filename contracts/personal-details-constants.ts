/**
 * The zod-free part of contracts/personal-details.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

import type { PersonalDetailFinding } from "./personal-details.ts";

/**
 * Personal details a camper (11-14) should not broadcast in a shared video. The
 * check runs on a show's title, script and the captions of its newest video.
 */
export const PERSONAL_DETAIL_KINDS = ["phone", "email", "address", "handle", "full_name", "school", "age"] as const;

export type PersonalDetailKind = (typeof PERSONAL_DETAIL_KINDS)[number];

export const PERSONAL_DETAIL_LABELS: Record<PersonalDetailKind, string> = {
  phone: "Phone number",
  email: "E-mail address",
  address: "Street address",
  handle: "Social media name",
  full_name: "Full name",
  school: "School name",
  age: "Name with age",
};

export const PERSONAL_DETAIL_FIELDS = ["title", "script", "captions"] as const;

export type PersonalDetailField = (typeof PERSONAL_DETAIL_FIELDS)[number];

export const PERSONAL_DETAIL_MESSAGES = {
  unresolved: (n: number) =>
    `Your show may have personal details in it (${n} to check). Fix each one, or choose "It's OK to share" for a false alarm, then send it again.`,
  /** Staff's approve refused: only the camper can fix or keep a phrase. */
  unresolvedForStaff: (n: number) =>
    `This show may have personal details in it (${n} to check) that the camper has not fixed or kept. Request changes and name them in your note.`,
  notFlagged: "That phrase is not flagged in this show",
  /** Said after "Fix it" selects a phrase, for a screen reader. */
  selected: (phrase: string, where: string) => `Selected "${phrase}" in ${where}. Change or delete it.`,
  /** "Fix it" for a phrase that is no longer there (fixed since the check). */
  gone: (phrase: string, where: string) => `"${phrase}" is no longer in ${where}.`,
  /** After a refusal's message, where the findings are. */
  listedAbove: "Each one is listed above with a Fix it button.",
  captionLine: (n: number) => `Caption line ${n} of your video`,
  captionFix: "Captions come from your script: fix the words in the script, then make the video again.",
} as const;

/** A note staff can send with "Request changes": each open phrase and where it stands. */
export function staffNoteFor(findings: Pick<PersonalDetailFinding, "kind" | "phrase" | "places">[]): string {
  const lines = findings.map((f) => {
    const where = [...new Set(f.places.map((p) => PERSONAL_DETAIL_PLACE_NAMES[p.field]))].join(" and ");
    return `- "${f.phrase}" (${PERSONAL_DETAIL_LABELS[f.kind].toLowerCase()}) in ${where}`;
  });
  return `Please change or remove these personal details, then make the video again and send it:\n${lines.join("\n")}`;
}

/** Where a place is, in the words the camper reads ("your script"). */
export const PERSONAL_DETAIL_PLACE_NAMES: Record<PersonalDetailField, string> = {
  title: "your title",
  script: "your script",
  captions: "your video's captions",
};

/** The same places as staff read them. */
export const PERSONAL_DETAIL_PLACE_NAMES_FOR_STAFF: Record<PersonalDetailField, string> = {
  title: "the title",
  script: "the script",
  captions: "the video's captions",
};
