import { z } from "zod";
import { PERSONAL_DETAIL_KINDS, PERSONAL_DETAIL_FIELDS, type PersonalDetailKind, type PersonalDetailField } from "./personal-details-constants.ts";
export * from "./personal-details-constants.ts";

/** Plain words for an 11-year-old: what it is and why it matters. */
export const PERSONAL_DETAIL_EXPLANATIONS: Record<PersonalDetailKind, string> = {
  phone: "This looks like a phone number. Anyone who watches your video could call or text it.",
  email: "This looks like an e-mail address. Strangers who watch could write to it.",
  address: "This looks like a street address. It tells strangers where someone lives.",
  handle: "This looks like a social media name. Strangers could use it to find someone online.",
  full_name: "This looks like someone's first and last name. A first name or a nickname is safer.",
  school: "This looks like the name of a school. It tells strangers where someone is every day.",
  age: "This tells someone's name and age together. Leave out the age or the name.",
};

export const PERSONAL_DETAIL_FIELD_HINTS: Record<PersonalDetailField, string> = {
  title: "In your title.",
  script: "In your script.",
  captions: "In your video's captions: fix the script, then make the video again.",
};

/** A caption line of the video: which cue, when it shows, its words, and where the phrase is in them. */
export const captionLineSchema = z.object({
  /** 0-based cue number in the video's captions. */
  index: z.number().int(),
  startSeconds: z.number(),
  endSeconds: z.number(),
  text: z.string(),
  /** Offsets of the phrase in `text` (end exclusive); a phrase running on into the next cue ends at the line's end. */
  start: z.number().int(),
  end: z.number().int(),
});
export type CaptionLine = z.infer<typeof captionLineSchema>;

/** One place a phrase stands: a field and its offsets in that field's text; a caption place names its line. */
export const personalDetailPlaceSchema = z.object({
  field: z.enum(PERSONAL_DETAIL_FIELDS),
  start: z.number().int(),
  end: z.number().int(),
  line: captionLineSchema.optional(),
});
export type PersonalDetailPlace = z.infer<typeof personalDetailPlaceSchema>;

/**
 * One flagged phrase. The same words of the same kind are one finding wherever they stand (the script
 * and the captions made from it): `places` lists each, in title, script, captions order. `field`,
 * `start` and `end` repeat the first place, for readers that know only one.
 */
const findingObjectSchema = z.object({
  kind: z.enum(PERSONAL_DETAIL_KINDS),
  /** The flagged words exactly as written (at the first place). */
  phrase: z.string(),
  field: z.enum(PERSONAL_DETAIL_FIELDS),
  /** Character offsets of the phrase in that field's text (end exclusive). */
  start: z.number().int(),
  end: z.number().int(),
  places: z.array(personalDetailPlaceSchema).min(1),
  explanation: z.string(),
  /** rules: the built-in check; ai: the AI provider's second opinion. */
  source: z.enum(["rules", "ai"]),
  /** The camper said this phrase is OK to share. */
  kept: z.boolean(),
});

/** A finding stored before findings had places (a check kept with a review) reads as one place. */
function withPlaces(value: unknown): unknown {
  if (typeof value !== "object" || value === null || "places" in value) return value;
  const { field, start, end } = value as { field?: unknown; start?: unknown; end?: unknown };
  return { ...value, places: [{ field, start, end }] };
}

export const personalDetailFindingSchema = z.preprocess(withPlaces, findingObjectSchema);
export type PersonalDetailFinding = z.infer<typeof findingObjectSchema>;

/** GET /api/recordings/:id/personal-details (and what staff see, as checked when it was sent). */
export const personalDetailsCheckSchema = z.object({
  showId: z.number().int(),
  /** The texts the positions refer to. */
  texts: z.object({ title: z.string(), script: z.string(), captions: z.string() }),
  findings: z.array(personalDetailFindingSchema),
  /** Findings neither fixed nor kept: submitting or sharing waits until this is 0. */
  unresolved: z.number().int(),
  /** Whether the AI provider gave a second opinion (false offline or when it failed). */
  aiChecked: z.boolean(),
  checkedAt: z.string(),
});
export type PersonalDetailsCheck = z.infer<typeof personalDetailsCheckSchema>;

/** POST /api/recordings/:id/personal-details/keep — "It's OK to share" for one flagged phrase. */
export const keepPersonalDetailBodySchema = z.strictObject({
  kind: z.enum(PERSONAL_DETAIL_KINDS, { error: `kind must be one of ${PERSONAL_DETAIL_KINDS.join(", ")}` }),
  phrase: z.string({ error: "phrase must be text" }).trim().min(1, "phrase can't be empty").max(300, "phrase must be at most 300 characters"),
});
export type KeepPersonalDetailBody = z.infer<typeof keepPersonalDetailBodySchema>;

/**
 * The 409 body of a refusal to send, share or approve while a finding is neither fixed nor kept:
 * the message, and the open findings with the texts their places point into.
 */
export const personalDetailsRefusalSchema = z.object({
  message: z.string(),
  code: z.literal("personal_details"),
  findings: z.array(personalDetailFindingSchema),
  texts: personalDetailsCheckSchema.shape.texts,
});
export type PersonalDetailsRefusal = z.infer<typeof personalDetailsRefusalSchema>;

/** The key a kept phrase is stored under: the same words, whatever the spacing or capitals. */
export function keptKey(kind: PersonalDetailKind, phrase: string): string {
  return `${kind}:${phrase.trim().replace(/\s+/g, " ").toLowerCase()}`;
}
