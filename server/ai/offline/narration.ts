import { DEFAULT_TONE, LENGTH_SECONDS, targetWordCount, type NarrationTone } from "../../../contracts/product.ts";
import { audienceName } from "./audience.ts";
import { fitContent } from "./fit-content.ts";
import { planPadding } from "./padding.ts";
import { wholeClausesWithin } from "./clauses.ts";
import { isSignOff } from "./sign-off.ts";
import { AUDIENCE_SLOT, OFFLINE_TONE_PHRASES, type TonePhrases } from "./tone-phrases.ts";
import { cleanText, countWords, joinListLines, lowerFirstWord, pick, splitSentences, stableHash, tidySentence } from "./text.ts";

export interface NarrationInput {
  /** The camper's answers to the reflection prompts, in prompt order; blanks are skipped. */
  responses: string[];
  tone: NarrationTone;
  /** floor(seconds / 60 * 100); the result lands within 10 % of it. */
  targetWordCount: number;
  /** Who will watch: links ("https://linkedin.com/in/...") or names ("my family"). */
  audienceLinks?: string[];
  /** Another version of the same story: other stock phrases, same camper's words, same length. */
  variant?: number;
}

// Opening, transitions and closing may take this share of a story that has to be shortened;
// the rest is the camper's own words.
const SKELETON_SHARE = 0.35;
// Stop padding this close to the target (3 %), well inside the 10 % promise.
const PADDING_TOLERANCE = 0.03;
const KEY_LINE_WORDS = 10;
// Keeps absurd inputs fast; the longest video is 1000 words.
const MAX_TARGET_WORDS = 5000;

interface Skeleton {
  opening: string;
  closing: string;
  /** One per answer, "" for none. */
  transitions: string[];
}

function skeletonWords(skeleton: Skeleton): number {
  return countWords(skeleton.opening) + countWords(skeleton.closing) + skeleton.transitions.reduce((n, t) => n + countWords(t), 0);
}

/**
 * From richest to barest; the writer uses the first one that leaves the camper enough room. A
 * camper who signed off themselves keeps their sign-off as the closing, and the tone adds none.
 */
function skeletons(phrases: TonePhrases, answerCount: number, audience: string, seed: number, signOff: string): Skeleton[] {
  const greeting = audience ? pick(phrases.audienceGreetings, seed).replace(AUDIENCE_SLOT, audience) : pick(phrases.greetings, seed);
  const transitions = Array.from({ length: answerCount }, (_, i) => {
    if (answerCount < 2) return "";
    if (i === 0) return pick(phrases.firstTransitions, seed);
    if (i === answerCount - 1) return pick(phrases.lastTransitions, seed);
    return pick(phrases.middleTransitions, seed + i);
  });
  const none = transitions.map(() => "");
  const shortOpening = pick(phrases.shortOpenings, seed);
  const shortClosing = signOff || pick(phrases.shortClosings, seed);
  return [
    { opening: `${greeting} ${pick(phrases.openings, seed)}`, closing: signOff || pick(phrases.closings, seed), transitions },
    { opening: `${greeting} ${shortOpening}`, closing: shortClosing, transitions },
    { opening: audience ? `${greeting} ${shortOpening}` : shortOpening, closing: shortClosing, transitions: none },
    { opening: "", closing: signOff, transitions: none },
    { opening: "", closing: "", transitions: none },
  ];
}

/** A camper's answer as tidy sentences ready to read aloud; [] for a blank answer. */
function answerSentences(raw: string): string[] {
  return splitSentences(joinListLines(cleanText(raw))).map(tidySentence).filter(Boolean);
}

/**
 * The camper's sign-offs taken out of their answers: the last one closes the video (said once,
 * instead of the tone's closing); any other is left out so the video does not say goodbye twice.
 */
function takeSignOff(answers: string[][]): { answers: string[][]; signOff: string } {
  const signOffs = answers.flat().filter(isSignOff);
  const rest = answers.map((sentences) => sentences.filter((sentence) => !isSignOff(sentence))).filter((a) => a.length > 0);
  return { answers: rest, signOff: signOffs.at(-1) ?? "" };
}

function normalizeTarget(value: number): number {
  const target = Number.isFinite(value) ? Math.floor(value) : targetWordCount(LENGTH_SECONDS.default);
  return Math.min(MAX_TARGET_WORDS, Math.max(1, target));
}

/**
 * A spoken-style narration built only from the camper's answers (in order) and the tone's fixed
 * phrases. Deterministic: the same input (and variant) always gives the same script.
 */
export function writeNarration(input: NarrationInput): string {
  const tone = Object.hasOwn(OFFLINE_TONE_PHRASES, input.tone) ? input.tone : DEFAULT_TONE;
  const phrases = OFFLINE_TONE_PHRASES[tone];
  const target = normalizeTarget(input.targetWordCount);
  const written = input.responses.map((raw) => answerSentences(String(raw ?? ""))).filter((a) => a.length > 0);
  const taken = takeSignOff(written);
  const answers = taken.answers;
  // A sign-off too long for the skeleton's share is left out like any sentence that does not fit.
  const signOff = countWords(taken.signOff) <= target * SKELETON_SHARE ? taken.signOff : "";
  const audience = audienceName(input.audienceLinks ?? []);
  // Varies the phrase choice from story to story, never from run to run.
  // A variant moves every phrase choice along by one step or more, so neighbouring variants differ.
  const seed = stableHash(`${tone}\n${written.flat().join("\n")}`) + Math.max(0, Math.floor(input.variant ?? 0)) * 7;

  const contentTotal = answers.flat().reduce((n, sentence) => n + countWords(sentence), 0);
  const skeleton = skeletons(phrases, answers.length, audience, seed, signOff).find((candidate) => {
    const words = skeletonWords(candidate);
    return words + contentTotal <= target || words <= target * SKELETON_SHARE;
  })!;

  const bodies = fitContent(answers, target - skeletonWords(skeleton))
    .map((sentences, i) => ({ sentences, transition: skeleton.transitions[i] ?? "" }))
    .filter((body) => body.sentences.length > 0);

  const used =
    countWords(skeleton.opening) +
    countWords(skeleton.closing) +
    bodies.reduce((n, body) => n + countWords(body.transition) + body.sentences.reduce((m, s) => m + countWords(s), 0), 0);
  const keyLines = bodies.map((body) => wholeClausesWithin(body.sentences[0]!, KEY_LINE_WORDS)).filter(Boolean);
  const padding = planPadding(phrases, bodies.length, keyLines, target - used, Math.floor(target * PADDING_TOLERANCE), seed);

  const paragraphs = [skeleton.opening];
  if (bodies.length === 0) paragraphs.push(padding.afterAnswer[0]!.join(" "));
  bodies.forEach((body, i) => {
    const [first, ...rest] = body.sentences;
    const lead = body.transition ? `${body.transition} ${lowerFirstWord(first!)}` : first!;
    paragraphs.push([lead, ...rest, ...padding.afterAnswer[i]!].join(" "));
  });
  paragraphs.push(padding.recap.join(" "), skeleton.closing);
  return paragraphs.filter((paragraph) => paragraph.trim().length > 0).join("\n\n");
}
