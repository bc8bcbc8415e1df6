import { DEFAULT_TONE, NARRATION_TONES, type NarrationTone } from "../../../contracts/product.ts";
import { toFirstPerson, toThirdPerson } from "./person.ts";
import { fixPunctuation, lengthen, shorten, simplify, stripEmoji } from "./rewrites.ts";
import { OFFLINE_TONE_PHRASES } from "./tone-phrases.ts";
import { detectTone, swapTone } from "./tone-swap.ts";
import { hasWordCharacters, pick, stableHash } from "./text.ts";

export type CustomResult = { ok: true; content: string } | { ok: false; message: string };

export const NEEDS_AI_PROVIDER_MESSAGE =
  "The built-in offline writer can't make that kind of change. It needs an AI provider: ask your camp leader to connect one, or edit the text yourself.";
export const EMPTY_INSTRUCTION_MESSAGE =
  'Type what you would like to change, for example "make it shorter" or "make it sound more excited".';
export const EMPTY_CONTENT_MESSAGE = "There is no narration to change yet. Generate or write your narration first.";

type Kind = "emoji" | "punctuation" | "third" | "first" | "simpler" | "shorter" | "longer";

// What the offline writer understands, by keyword. Anything else needs a real AI provider.
const KIND_KEYWORDS: ReadonlyArray<readonly [Kind, readonly RegExp[]]> = [
  ["emoji", [/\b(emojis?|emoticons?|smileys?)\b/]],
  [
    "punctuation",
    [
      /\b(punctuation|punctuate|grammar|grammatical|spelling|spell|typos?|proofread)\b/,
      /\b(capitali[sz]e|capitali[sz]ation|capital letters)\b/,
      /\b(fix|correct)\s+(it|this|that|the text|(the )?(mistakes|errors))\b/,
      /\bclean (it )?up\b/,
    ],
  ],
  ["third", [/\b(third|3rd)[- ]person\b/, /\buse (they|he|she)\b/]],
  ["first", [/\b(first|1st)[- ]person\b/, /\buse ["']?i["']?\b/]],
  ["simpler", [/\b(simpler|simplify|simple|easier|plainer|less complicated)\b/, /\b(easy to (read|understand)|plain (words|language|english))\b/]],
  ["shorter", [/\b(shorter|shorten|concise|condense|brief|briefer|trim|less wordy|fewer words)\b/, /\bcut (it )?down\b|\bcut it\b/]],
  ["longer", [/\b(longer|lengthen|expand|extend|elaborate)\b/, /\b(more details?|more detailed|add more|more words)\b/]],
];

const TONE_KEYWORDS: ReadonlyArray<readonly [NarrationTone, RegExp]> = [
  ["friendly", /\b(friendly|friendlier|casual|relaxed|chill)\b/],
  ["professional", /\b(professional|formal|serious)\b/],
  ["excited", /\b(excited|exciting|energetic|enthusiastic|hyped?|more energy)\b/],
  ["explanatory", /\b(explanatory|explain|clear|clearer|informative)\b/],
];

function detectKinds(instruction: string): Set<Kind> {
  const kinds = new Set(
    KIND_KEYWORDS.filter(([, patterns]) => patterns.some((pattern) => pattern.test(instruction))).map(([kind]) => kind),
  );
  // "cut" alone means shorter, unless it is about something else we handle ("cut the emojis").
  if (kinds.size === 0 && /\bcut\b/.test(instruction)) kinds.add("shorter");
  return kinds;
}

function requestedTone(instruction: string): NarrationTone | undefined {
  let found: { tone: NarrationTone; at: number } | undefined;
  for (const [tone, pattern] of TONE_KEYWORDS) {
    const at = instruction.search(pattern);
    if (at >= 0 && (!found || at < found.at)) found = { tone, at };
  }
  return found?.tone;
}

/** Gives text with no stock phrases a tone by adding that tone's greeting, opening and closing. */
function addToneFrame(text: string, tone: NarrationTone): string {
  const phrases = OFFLINE_TONE_PHRASES[tone];
  const seed = stableHash(text);
  const opening = `${pick(phrases.greetings, seed)} ${pick(phrases.shortOpenings, seed)}`;
  return `${opening}\n\n${text}\n\n${pick(phrases.shortClosings, seed)}`;
}

/**
 * Applies the parts of a camper's request the offline writer can honour: shorter, longer,
 * simpler, another tone, tidy punctuation, first/third person, no emoji. `tone` is the tone the
 * content was written in, when known.
 */
export function applyCustomRequest(currentContent: string, instruction: string, tone?: NarrationTone): CustomResult {
  const content = String(currentContent ?? "").trim();
  const ask = String(instruction ?? "").trim().toLowerCase();
  if (!ask) return { ok: false, message: EMPTY_INSTRUCTION_MESSAGE };
  if (!hasWordCharacters(content)) return { ok: false, message: EMPTY_CONTENT_MESSAGE };

  const kinds = detectKinds(ask);
  const newTone = requestedTone(ask);
  if (kinds.size === 0 && !newTone) return { ok: false, message: NEEDS_AI_PROVIDER_MESSAGE };
  if (kinds.has("shorter") && kinds.has("longer")) {
    return { ok: false, message: "Please ask for either shorter or longer, not both at once." };
  }
  if (kinds.has("first") && kinds.has("third")) {
    return { ok: false, message: "Please ask for either first person or third person, not both at once." };
  }

  const knownTone = tone && NARRATION_TONES.some((t) => t.key === tone) ? tone : undefined;
  // Only tone changes and "longer" need to know the current tone, and finding it costs a scan.
  const currentTone = newTone || kinds.has("longer") ? detectTone(content, knownTone) : undefined;
  let text = content;
  if (kinds.has("emoji")) text = stripEmoji(text);
  if (kinds.has("punctuation")) text = fixPunctuation(text);
  if (kinds.has("third")) text = toThirdPerson(text);
  if (kinds.has("first")) text = toFirstPerson(text);
  if (newTone) text = currentTone ? swapTone(text, currentTone, newTone) : addToneFrame(text, newTone);
  if (kinds.has("simpler")) text = simplify(text);
  if (kinds.has("shorter")) {
    const shorter = shorten(text);
    if (shorter === undefined) return { ok: false, message: "The text is already as short as it can be." };
    text = shorter;
  }
  if (kinds.has("longer")) text = lengthen(text, newTone ?? currentTone ?? knownTone ?? DEFAULT_TONE);

  if (!hasWordCharacters(text)) return { ok: false, message: "That change would leave the narration empty, so nothing was changed." };
  return { ok: true, content: text };
}
