import type { PersonalDetailKind } from "../../contracts/personal-details.ts";
import { isFirstName } from "./first-names.ts";
import { LinearPattern } from "./linear-pattern.ts";
import {
  COMMON_WORDS,
  DIGIT_WORDS,
  GENERIC_SCHOOL_WORDS,
  NUMBER_WORDS,
  SOCIAL_PLATFORMS,
  STREET_SUFFIXES,
  UNIT_WORDS,
} from "./word-lists.ts";

/**
 * The offline personal-details check: rules and word lists, no provider, no network. It looks for what a
 * child should not broadcast in a shared video (phone numbers, e-mail addresses, street addresses, social
 * media names, full names, school names, ages with names) and says where each one is. It leans towards
 * flagging: the camper can keep a false alarm with one click, while a missed phone number is on the web.
 */
export interface Detection {
  kind: PersonalDetailKind;
  phrase: string;
  start: number;
  end: number;
}

/** When two findings overlap, the one earlier here wins (an age finding holds the name in it). */
const PRIORITY: PersonalDetailKind[] = ["email", "phone", "address", "school", "age", "handle", "full_name"];

export function detectPersonalDetails(text: string): Detection[] {
  const found = [
    ...emails(text),
    ...phones(text),
    ...addresses(text),
    ...schools(text),
    ...ages(text),
    ...handles(text),
    ...fullNames(text),
  ];
  return resolveOverlaps(found);
}

export function resolveOverlaps(found: Detection[]): Detection[] {
  const ranked = [...found].sort(
    (a, b) => PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind) || b.end - b.start - (a.end - a.start) || a.start - b.start,
  );
  const kept: Detection[] = [];
  for (const d of ranked) if (!kept.some((k) => d.start < k.end && k.start < d.end)) kept.push(d);
  return kept.sort((a, b) => a.start - b.start);
}

function* matches(text: string, pattern: RegExp | LinearPattern, kind: PersonalDetailKind, group = 0): Generator<Detection> {
  const found = pattern instanceof LinearPattern ? pattern.matchAll(text) : [...text.matchAll(pattern)].map((m) => ({ groups: [...m], index: m.index }));
  for (const { groups, index } of found) {
    const phrase = groups[group];
    if (!phrase) continue;
    const start = index + (group ? groups[0]!.indexOf(phrase) : 0);
    yield { kind, phrase, start, end: start + phrase.length };
  }
}

// ---- e-mail addresses -------------------------------------------------------------------------------

// Both run on RE2: as RegExps, a narration of letters with no `@` (or "a dot b dot c ..." with no
// "at") is tried again from every letter to its end, which is quadratic.
const EMAIL = new LinearPattern("[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}");
/** Read aloud in a script: "maya dot lee at gmail dot com". */
const SPOKEN_EMAIL = new LinearPattern(
  "\\b[A-Za-z0-9_]+(?:\\s+dot\\s+[A-Za-z0-9_]+)*\\s+at\\s+[A-Za-z0-9-]+(?:\\s+dot\\s+[A-Za-z0-9-]+)*\\s+dot\\s+(?:com|org|net|edu|co|uk|ca|io|us)\\b",
  { ignoreCase: true },
);

function* emails(text: string) {
  yield* matches(text, EMAIL, "email");
  yield* matches(text, SPOKEN_EMAIL, "email");
}

// ---- phone numbers ----------------------------------------------------------------------------------

/** A run of digits with single separators between them (spaces, dots, dashes, brackets). */
const DIGIT_RUN = /(?<![\w@.])\+?\(?\d(?:[\d().-]|[ ](?=[\d(]))*\d\)?(?![\w@])/g;
const DATE = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}$/;
const DECIMAL = /^\d+\.\d+$/;
const YEARS = /^(?:(?:19|20)\d\d[\s-]*)+$/;
const SPOKEN_DIGIT = `(?:${DIGIT_WORDS.join("|")})`;
const SPOKEN_PHONE = new RegExp(`\\b${SPOKEN_DIGIT}(?:[\\s,-]+${SPOKEN_DIGIT}){6,14}\\b`, "gi");

function* phones(text: string) {
  for (const d of matches(text, DIGIT_RUN, "phone")) {
    const digits = d.phrase.replace(/\D/g, "").length;
    if (digits < 7 || digits > 15) continue;
    if (DATE.test(d.phrase) || DECIMAL.test(d.phrase) || YEARS.test(d.phrase)) continue;
    yield d;
  }
  for (const d of matches(text, SPOKEN_PHONE, "phone")) {
    // "one two three four five six seven" is counting only when it is exactly that.
    if (/^one[\s,-]+two[\s,-]+three[\s,-]+four/i.test(d.phrase)) continue;
    // A lone "o" is a letter more often than a zero: need at least six real digit words.
    if (d.phrase.split(/[\s,-]+/).filter((w) => w.toLowerCase() !== "o" && w.toLowerCase() !== "oh").length < 6) continue;
    yield d;
  }
}

// ---- street addresses -------------------------------------------------------------------------------

const SUFFIX = `(?:${STREET_SUFFIXES.join("|")})`;
const SUFFIX_WORD = `(?:${STREET_SUFFIXES.filter((s) => s.length > 3).join("|")})`;
const UNIT = `(?:,?\\s+(?:Apt\\.?|Apartment|Unit|Flat|Suite)\\s+\\w+)?`;
/** "42 Maple Street", "1600 Pennsylvania Ave." */
const NUMBERED_STREET = new RegExp(`\\b\\d{1,5}[A-Za-z]?\\s+(?:[A-Z][a-z]+\\.?\\s+){1,3}${SUFFIX}\\b\\.?${UNIT}`, "g");
/** "42 maple street" in lower case: one or two words, full suffix word. */
const NUMBERED_STREET_LOWER = new RegExp(`\\b\\d{1,5}[a-z]?\\s+([a-z]+\\s+){1,2}${SUFFIX_WORD.toLowerCase()}\\b${UNIT}`, "g");
/** "we live on Maple Street" */
const LIVE_ON = new RegExp(`\\b(?:live|lives|lived|living|stay|stays|staying)\\s+(?:at|on)\\s+((?:[A-Z][a-z]+\\s+){1,3}${SUFFIX}\\b\\.?)`, "g");

function* addresses(text: string) {
  yield* matches(text, NUMBERED_STREET, "address");
  for (const d of matches(text, NUMBERED_STREET_LOWER, "address")) {
    const words = d.phrase.split(/\s+/).slice(1, -1);
    if (words.some((w) => COMMON_WORDS.has(w) || UNIT_WORDS.test(w))) continue;
    yield d;
  }
  yield* matches(text, LIVE_ON, "address", 1);
}

// ---- school names -----------------------------------------------------------------------------------

const SCHOOL = /\b((?:(?:[A-Z][a-z]+(?:['’]s)?|St\.|[A-Z]\.)\s+){1,4})(School|Academy|Elementary|Middle School|High School|Junior High|Primary School|Secondary School|Prep|Preparatory School|Montessori|Elementary School|Intermediate School)\b/g;

function* schools(text: string) {
  for (const m of text.matchAll(SCHOOL)) {
    // Leading words that are not part of the name ("In", "Summer", "My") come off the front.
    const words = m[1]!.trim().split(/\s+/);
    while (words.length && GENERIC_SCHOOL_WORDS.has(words[0]!.toLowerCase().replace(/\.$/, ""))) words.shift();
    while (words.length && COMMON_WORDS.has(words[0]!.toLowerCase()) && !/\.$/.test(words[0]!)) words.shift();
    if (!words.length) continue;
    const first = words[0]!;
    const start = m.index + m[0].indexOf(first, m[0].length - m[2]!.length - m[1]!.length);
    const end = m.index + m[0].length;
    yield { kind: "school" as const, phrase: text.slice(start, end), start, end };
  }
}

// ---- social media names -----------------------------------------------------------------------------

const AT_HANDLE = /(?<![\w.@])@[A-Za-z0-9_](?:[A-Za-z0-9_.]{0,28}[A-Za-z0-9_])?/g;
const PLATFORM_NAME = new RegExp(
  `\\b(?:my|our|his|her|their)\\s+(?:${SOCIAL_PLATFORMS})(?:\\s+(?:name|username|user name|handle|channel|account|tag|gamertag|id))?\\s*(?:is|:|=)\\s*@?([A-Za-z0-9_.]{3,30})`,
  "gi",
);
const FOLLOW_ME = new RegExp(
  `\\b(?:follow|find|add|subscribe to|message|dm)\\s+(?:me|us|him|her|them)\\s+on\\s+(?:${SOCIAL_PLATFORMS})\\s*(?:at|:|as)?\\s*@?([A-Za-z0-9_.]{3,30})`,
  "gi",
);

function* handles(text: string) {
  for (const d of matches(text, AT_HANDLE, "handle")) if (/[A-Za-z]/.test(d.phrase)) yield d;
  for (const pattern of [PLATFORM_NAME, FOLLOW_ME]) {
    for (const d of matches(text, pattern, "handle", 1)) {
      const name = d.phrase.replace(/\.$/, "");
      // "my TikTok is cool" names nothing: a user name has a digit, _ or . in it, or is no everyday word.
      if (!/[\d_.]/.test(name) && COMMON_WORDS.has(name.toLowerCase())) continue;
      if (/^(?:so|really|very|the|a|fun|cool|private|new|old|awesome|great)$/i.test(name)) continue;
      yield { ...d, phrase: name, end: d.start + name.length };
    }
  }
}

// ---- words with positions, for names and ages -------------------------------------------------------

interface Word {
  text: string;
  start: number;
  end: number;
  /** Capitalised because it starts a sentence or the text, not (necessarily) because it is a name. */
  sentenceStart: boolean;
}

/** A word and the characters between it and the word before (group 1), so nothing before is read again. */
const WORD = new LinearPattern("([^A-Za-z]*)([A-Za-z][A-Za-z'’-]*)");

function words(text: string): Word[] {
  const out: Word[] = [];
  for (const { groups, index } of WORD.matchAll(text)) {
    const gap = groups[1]!;
    const word = groups[2]!;
    const start = index + gap.length;
    // After a word comes a character no word has, so the gap alone says whether a sentence starts here:
    // the text's start, a sentence's end before the spaces, or a line break among them.
    const beforeSpaces = gap.trimEnd();
    const sentenceStart =
      (out.length === 0 && beforeSpaces === "") || /[.!?:;"“]$/.test(beforeSpaces) || gap.slice(beforeSpaces.length).includes("\n");
    // "Maya's" is Maya: the possessive is not part of the name.
    const bare = word.replace(/['’]s$/, "").replace(/[-'’]+$/, "");
    out.push({ text: bare, start, end: start + bare.length, sentenceStart });
  }
  return out;
}

const capitalised = (w: string) => /^[A-Z][a-z]/.test(w) || /^(?:Mc|Mac|O'|O’)[A-Z]/.test(w);
const isSurnameLike = (w: Word) =>
  capitalised(w.text) && w.text.length >= 2 && !COMMON_WORDS.has(w.text.toLowerCase()) && !STREET_SUFFIXES.includes(w.text);

/** A capitalised first name a reader would take as a person's name here. */
function isNameWord(w: Word): boolean {
  if (!capitalised(w.text) || !isFirstName(w.text)) return false;
  // "Will", "May", "Hope" opening a sentence are words; mid-sentence with a capital they are names.
  return !(COMMON_WORDS.has(w.text.toLowerCase()) && w.sentenceStart);
}

const onlySpaceBetween = (text: string, a: Word, b: Word) => /^ {1,2}$/.test(text.slice(a.end, b.start));

// ---- full names -------------------------------------------------------------------------------------

/**
 * The patterns that read runs of any length (letters without an `@`, words without "at", a text of
 * words): each is a LinearPattern, so the check of a 20,000-character narration takes time in step with
 * its length. The other patterns' repetitions are bounded or start only where a run starts.
 */
export const RUN_PATTERNS: Readonly<Record<string, LinearPattern>> = { EMAIL, SPOKEN_EMAIL, WORD };

function* fullNames(text: string): Generator<Detection> {
  const ws = words(text);
  for (let i = 0; i < ws.length - 1; i++) {
    const first = ws[i]!;
    if (!isNameWord(first)) continue;
    let j = i + 1;
    // A middle name or a two-part surname: "Maya Rose Johnson".
    while (j < ws.length && j - i <= 3 && onlySpaceBetween(text, ws[j - 1]!, ws[j]!) && isSurnameLike(ws[j]!)) j++;
    if (j === i + 1) continue;
    const last = ws[j - 1]!;
    yield { kind: "full_name", phrase: text.slice(first.start, last.end), start: first.start, end: last.end };
    i = j - 1;
  }
}

// ---- ages with names --------------------------------------------------------------------------------

const AGE_NUMBER = `(?:[5-9]|1\\d|${Object.keys(NUMBER_WORDS).join("|")})`;
const YEARS_OLD = `(?:[\\s-]+years?[\\s-]+old|[\\s-]+yrs?[\\s-]+old|-year-old)?`;
/** "Maya is 12", "Maya just turned twelve", "Maya Lee is 12 years old" */
const NAME_IS_AGE = new RegExp(
  `\\b([A-Z][a-z]+)(?:\\s+([A-Z][a-z]+))?(?:,?\\s+who)?(?:\\s+is|'s|’s|\\s+was|\\s+turned|\\s+just turned|\\s+will be|\\s+will turn|\\s+is now|\\s+turns|\\s+just turned)\\s+(?:now\\s+)?(${AGE_NUMBER})${YEARS_OLD}(?=(\\s+[\\w'.]+)?)`,
  "g",
);
/** "12-year-old Maya", "a twelve year old named Maya" */
const AGE_OLD_NAME = new RegExp(`\\b${AGE_NUMBER}[\\s-]+years?[\\s-]+old(?:\\s+(?:named|called))?\\s+([A-Z][a-z]+)\\b`, "gi");
/** "Maya, 12," and "Maya (12)" */
const NAME_COMMA_AGE = new RegExp(`\\b([A-Z][a-z]+)\\s*(?:,\\s*${AGE_NUMBER}\\s*(?=[,.])|\\(\\s*${AGE_NUMBER}\\s*\\))`, "g");
/** "My name is Maya and I'm 12", "I'm Maya, I am twelve" */
const INTRO_AGE = new RegExp(
  `\\b(?:[Mm]y name is|[Mm]y name's|I'm|I am|I’m|[Cc]all me)\\s+([A-Z][a-z]+)\\b[^.!?\\n]{0,40}?\\b(?:I'm|I am|I’m|I turned|I just turned)\\s+${AGE_NUMBER}${YEARS_OLD}\\b`,
  "g",
);

function* ages(text: string): Generator<Detection> {
  const named = (name: string) => capitalised(name) && isFirstName(name) && !COMMON_WORDS.has(name.toLowerCase());
  for (const m of text.matchAll(NAME_IS_AGE)) {
    // "Then Noah is 12": the name may be the second capitalised word, and the phrase starts there.
    const offset = named(m[1]!) ? 0 : m[2] && named(m[2]) ? m[0].indexOf(m[2], m[1]!.length) : -1;
    if (offset < 0) continue;
    const next = (m[4] ?? "").trim();
    if (next && UNIT_WORDS.test(next.replace(/[.,!?]$/, ""))) continue;
    const end = m.index + m[0].length;
    if (/^[:.]\d/.test(text.slice(end))) continue; // "is 12:30", "is 9.5"
    yield { kind: "age", phrase: text.slice(m.index + offset, end), start: m.index + offset, end };
  }
  for (const m of text.matchAll(AGE_OLD_NAME)) if (named(m[1]!)) yield { kind: "age", phrase: m[0], start: m.index, end: m.index + m[0].length };
  for (const m of text.matchAll(NAME_COMMA_AGE)) if (named(m[1]!)) yield { kind: "age", phrase: m[0].trimEnd(), start: m.index, end: m.index + m[0].trimEnd().length };
  for (const m of text.matchAll(INTRO_AGE)) if (capitalised(m[1]!)) yield { kind: "age", phrase: m[0], start: m.index, end: m.index + m[0].length };
}
