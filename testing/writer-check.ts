/**
 * Checks a draft of the offline writer sentence by sentence against the answers it came from, as a
 * listener would: every sentence is either one of the camper's sentences whole, the camper's
 * sentence shortened at the end of a clause (never inside a list or a phrase), or one of the
 * writer's own connecting sentences; the video says goodbye once; and the length panel's estimate
 * of the draft is the length chosen, within 10 %. The grammar (which word opens a clause, whether
 * the kept part has a verb) comes from `compromise`, not from the writer's own rules.
 */
import nlp from "compromise";
import { TYPICAL_WORDS_PER_SECOND, type NarrationTone } from "../contracts/product.ts";
import { isSignOff } from "../server/ai/offline/sign-off.ts";
import { cleanText, joinListLines, tokens } from "../server/ai/offline/text.ts";
import { AUDIENCE_SLOT, OFFLINE_TONE_PHRASES, allTonePhrases } from "../server/ai/offline/tone-phrases.ts";
import { countSpokenWords } from "../server/modules/voice/voice-timing.ts";

export type SentenceKind = "answer" | "clause" | "connecting" | "cut" | "unknown";

export interface CheckedSentence {
  text: string;
  kind: SentenceKind;
}

export interface DraftCheck {
  sentences: CheckedSentence[];
  /** Sentences that are not whole: cut inside a phrase or a list, or found in no answer at all. */
  cut: CheckedSentence[];
  signOffs: string[];
  /** Said a sign-off twice (the camper's and ours count alike), or the same sentence twice in a row. */
  repeated: boolean;
  /** The length panel's estimate: spoken words at the voice's pace. */
  estimatedSeconds: number;
  offLength: boolean;
}

export interface DraftContext {
  responses: readonly string[];
  tone: NarrationTone;
  /** The length the camper chose. */
  seconds: number;
  wordsPerSecond?: number;
}

const LIST_JOINERS = new Set(["and", "or", "nor"]);

// A sentence ends at . ! or ? and a space (campers often start the next one in lower case); after a
// closing quote or bracket only when a capital, a digit or an opening quote follows ('shouted
// "Again!" and everyone laughed' is one sentence); a line break always ends one.
const SENTENCE_END = /(?<=[.!?])\s+|(?<=[.!?]["')\]]+)\s+(?=["'([]?[\p{Lu}\p{N}])/u;
const ABBREVIATION = /\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|vs|e\.g|i\.e)\.$/i;

function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    for (const piece of line.split(SENTENCE_END)) {
      const last = out.length > 0 ? out[out.length - 1]! : "";
      const goesOn = ABBREVIATION.test(last) || (/\betc\.$/i.test(last) && /^\p{Ll}/u.test(piece));
      if (out.length > 0 && goesOn && !last.includes("\n")) out[out.length - 1] = `${last} ${piece}`;
      else out.push(piece);
    }
    out.push("\n");
  }
  return out.filter((s) => s !== "\n").map((s) => s.trim()).filter((s) => tokens(s).length > 0);
}

/** Where the n-th token of `text` (as `tokens` counts them) ends, as a character offset. */
function endOfToken(text: string, n: number): number {
  let seen = 0;
  for (const match of text.replace(/[\u2018\u2019]/g, "'").matchAll(/[\p{L}\p{N}']+/gu)) {
    if (!match[0].replace(/^'+|'+$/g, "")) continue;
    seen++;
    if (seen === n) return match.index + match[0].length;
  }
  return text.length;
}

/**
 * Whether cutting `source` after its first `kept` tokens ends a clause: what follows opens a new
 * clause (after a semicolon, a conjunction other than a list's "and"/"or", or ", and" with a new
 * subject), no list in the kept part is left open, and the kept part has a verb of its own.
 */
function endsAClause(source: string, kept: number): boolean {
  const at = endOfToken(source, kept);
  const keptText = source.slice(0, at);
  const rest = source.slice(at);
  const gap = /^[^\p{L}\p{N}]*/u.exec(rest)![0];
  const nextTerms = nlp(rest.slice(gap.length)).terms().json() as { terms: { normal: string; tags: string[] }[] }[];
  const next = nextTerms[0]?.terms[0];
  const after = nextTerms[1]?.terms[0];
  if (!next) return true;
  const opensClause =
    gap.includes(";") ||
    (next.tags.includes("Conjunction") && !LIST_JOINERS.has(next.normal)) ||
    (next.normal === "and" && gap.includes(",") && Boolean(after?.tags.includes("Pronoun") || after?.tags.includes("Possessive")));
  if (!opensClause) return false;
  // An open list: items after the last comma without the "and"/"or" that closes it.
  const chunks = keptText.split(",");
  const listOpen = chunks.length > 1 && !tokens(chunks.at(-1)!).some((word) => LIST_JOINERS.has(word));
  return !listOpen && nlp(keptText).has("#Verb");
}

function startsWith(whole: readonly string[], part: readonly string[]): boolean {
  return part.length > 0 && part.length <= whole.length && part.every((word, i) => whole[i] === word);
}

const stockByTone = new Map<NarrationTone, ReturnType<typeof buildConnecting>>();
function connectingSentences(tone: NarrationTone) {
  if (!stockByTone.has(tone)) stockByTone.set(tone, buildConnecting(tone));
  return stockByTone.get(tone)!;
}

function buildConnecting(tone: NarrationTone): { exact: Set<string>; slotted: [string[], string[]][]; transitions: string[][] } {
  const exact = new Set<string>();
  const slotted: [string[], string[]][] = [];
  for (const phrase of allTonePhrases(tone)) {
    for (const sentence of sentencesOf(phrase)) {
      if (sentence.includes(AUDIENCE_SLOT)) {
        const [before, after] = sentence.split(AUDIENCE_SLOT);
        slotted.push([tokens(before ?? ""), tokens(after ?? "")]);
      } else exact.add(tokens(sentence).join(" "));
    }
  }
  const phrases = OFFLINE_TONE_PHRASES[tone];
  const transitions = [...phrases.firstTransitions, ...phrases.middleTransitions, ...phrases.lastTransitions].map(tokens);
  return { exact, slotted, transitions };
}

function classify(sentence: string, sources: readonly string[], sourceTokens: readonly string[][], stock: ReturnType<typeof connectingSentences>): SentenceKind {
  const words = tokens(sentence);
  const joined = words.join(" ");
  if (stock.exact.has(joined)) return "connecting";
  if (stock.slotted.some(([before, after]) => words.length > before.length + after.length && startsWith(words, before) && joined.endsWith(after.join(" ")))) {
    return "connecting";
  }
  const candidates = [words, ...stock.transitions.filter((t) => startsWith(words, t)).map((t) => words.slice(t.length))];
  let found: SentenceKind = "unknown";
  for (const candidate of candidates) {
    for (let i = 0; i < sourceTokens.length; i++) {
      const source = sourceTokens[i]!;
      if (!startsWith(source, candidate)) continue;
      if (candidate.length === source.length) return "answer";
      if (endsAClause(sources[i]!, candidate.length)) return "clause";
      found = "cut";
    }
  }
  return found;
}

/** One draft, checked against the answers it was written from. */
export function checkDraft(draft: string, context: DraftContext): DraftCheck {
  // What a camper's sentence is, lines of one list included, is the writer's own definition.
  const sources = context.responses.flatMap((answer) => sentencesOf(joinListLines(cleanText(answer))));
  const sourceTokens = sources.map(tokens);
  const stock = connectingSentences(context.tone);
  const sentences = draft
    .split(/\n\s*\n/)
    .flatMap(sentencesOf)
    .map((text) => ({ text, kind: classify(text, sources, sourceTokens, stock) }));
  const signOffs = sentences.map((s) => s.text).filter(isSignOff);
  const stutter = sentences.some((s, i) => i > 0 && tokens(s.text).join(" ") === tokens(sentences[i - 1]!.text).join(" "));
  const estimatedSeconds = countSpokenWords(draft) / (context.wordsPerSecond ?? TYPICAL_WORDS_PER_SECOND);
  return {
    sentences,
    cut: sentences.filter((s) => s.kind === "cut" || s.kind === "unknown"),
    signOffs,
    repeated: signOffs.length > 1 || stutter,
    estimatedSeconds,
    offLength: Math.abs(estimatedSeconds - context.seconds) > context.seconds * 0.1,
  };
}

export interface WriterTally {
  sentences: number;
  drafts: number;
  cut: number;
  repeated: number;
  offLength: number;
}

export function tally(checks: readonly DraftCheck[]): WriterTally {
  return {
    sentences: checks.reduce((n, c) => n + c.sentences.length, 0),
    drafts: checks.length,
    cut: checks.reduce((n, c) => n + c.cut.length, 0),
    repeated: checks.filter((c) => c.repeated).length,
    offLength: checks.filter((c) => c.offLength).length,
  };
}

/** The bench's line: `writer: S sentences in N drafts, C cut mid-phrase, R repeated, L drafts off length`. */
export function writerLine(t: WriterTally): string {
  return `writer: ${t.sentences} sentences in ${t.drafts} drafts, ${t.cut} cut mid-phrase, ${t.repeated} repeated, ${t.offLength} drafts off length`;
}

/** The lengths every answer set is written at: the shortest video, a minute, the default and three minutes. */
export const CHECKED_SECONDS = [30, 60, 120, 180] as const;
