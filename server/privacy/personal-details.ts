import type { PersonalDetailKind } from "../../contracts/personal-details.ts";
import { addresses } from "./addresses.ts";
import { type Detection, matches } from "./detection.ts";
import { LinearPattern } from "./linear-pattern.ts";
import { WORD, ages, fullNames } from "./people.ts";
import { COMMON_WORDS, DIGIT_WORDS, GENERIC_SCHOOL_WORDS, NOT_A_SCHOOL, NOT_A_SURNAME, SOCIAL_PLATFORMS } from "./word-lists.ts";

export type { Detection } from "./detection.ts";

/*
 * The offline personal-details check: rules and word lists, no provider, no network. It looks for what a
 * child should not broadcast in a shared video (phone numbers, e-mail addresses, street addresses, social
 * media names, full names, school names, ages with names) and says where each one is. It leans towards
 * flagging: the camper can keep a false alarm with one click, while a missed phone number is on the web.
 * Rules by kind: addresses.ts, people.ts (full names, ages, famous names), and the others below.
 */

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

// ---- school names -----------------------------------------------------------------------------------

/** "Lincoln Middle School", "Riverside Academy", and the short "Washington Middle", "Westfield High". */
const SCHOOL = /\b((?:(?:[A-Z][a-z]+(?:['’]s)?|St\.|[A-Z]\.)\s+){1,4})(School|Academy|Elementary|Middle School|High School|Junior High|Primary School|Secondary School|Prep|Preparatory School|Montessori|Elementary School|Intermediate School|Middle|High)\b/g;

/**
 * "lincoln middle school", "hillcrest elementary": written in lower case, a school's name is the words
 * before a school word that are not everyday ones. Only the two-word kinds and "elementary"/"academy"
 * count here; a lone "middle" or "high" in lower case is an everyday word ("knee high").
 */
const LOWER_SCHOOL = /\b((?:[a-z][a-z'’]*\s+){1,3})(middle school|high school|elementary school|elementary|junior high|academy|primary school|prep school)\b/g;
/**
 * A school named alone where only a school fits: "I go to Jefferson", "we both go to Roosevelt next
 * year", "in 7th grade at Jefferson". "Going to"/"went to" are trips ("we went to Target"), so only the
 * present "go to" counts, and the name must end the clause.
 */
const ATTEND_NAMED = /\b(?:(?:I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey|us|[Bb]oth|[Aa]ll|[Ss]till|[Nn]ow|will|[Aa]lso|sister|brother|cousin|friend|bff|twin|neighbou?r)\s+(?:go|goes)\s+to|[Aa]ttends?|grade\s+at)\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?=\s*(?:[.!?,;]|$)|\s+(?:and|next|this|now|too|together|with|in|since|but)\b)/g;

function* schools(text: string) {
  yield* lowerCaseSchools(text);
  for (const m of text.matchAll(ATTEND_NAMED)) {
    const name = m[1]!;
    const names = name.split(/\s+/).map((w) => w.toLowerCase());
    // "We go to Camp", "I go to Texas", "we go to Walmart": everyday words and places are no school's name.
    if (names.some((w) => COMMON_WORDS.has(w) || NOT_A_SURNAME.has(w) || NOT_A_SCHOOL.has(w) || GENERIC_SCHOOL_WORDS.has(w))) continue;
    const start = m.index + m[0].length - name.length;
    yield { kind: "school" as const, phrase: name, start, end: start + name.length };
  }

  for (const m of text.matchAll(SCHOOL)) {
    // Leading words that are not part of the name ("In", "Summer", "My") come off the front.
    const words = m[1]!.trim().split(/\s+/);
    while (words.length && GENERIC_SCHOOL_WORDS.has(words[0]!.toLowerCase().replace(/\.$/, ""))) words.shift();
    const named = [...words];
    while (words.length && COMMON_WORDS.has(words[0]!.toLowerCase()) && !/\.$/.test(words[0]!)) words.shift();
    // Two or more such words are a name of their own: "Maple Grove Elementary", "Lake View Academy".
    if (!words.length && named.length >= 2) words.push(...named);
    if (!words.length) continue;
    const first = words[0]!;
    const start = m.index + m[0].indexOf(first, m[0].length - m[2]!.length - m[1]!.length);
    const end = m.index + m[0].length;
    yield { kind: "school" as const, phrase: text.slice(start, end), start, end };
  }
}

function* lowerCaseSchools(text: string) {
  for (const m of text.matchAll(LOWER_SCHOOL)) {
    // The name is the words just before the school word, back to the first everyday one ("next year i
    // start at brookside high school" names "brookside").
    const all = m[1]!.trim().split(/\s+/);
    const words: string[] = [];
    while (all.length && !GENERIC_SCHOOL_WORDS.has(all.at(-1)!) && !COMMON_WORDS.has(all.at(-1)!)) words.unshift(all.pop()!);
    if (!words.length) continue;
    const start = m.index + m[0].lastIndexOf(words[0]!, m[1]!.length);
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

/** "my gamer tag on Xbox is ShadowFox_99", "her username for Roblox: sk8r.girl" */
const NAME_ON_PLATFORM = new RegExp(
  `\\b(?:my|our|his|her|their)\\s+(?:username|user name|handle|gamertag|gamer tag|screen name)\\s+(?:on|in|for)\\s+(?:${SOCIAL_PLATFORMS})\\s*(?:is|:|=)\\s*@?([A-Za-z0-9_.]{3,30})`,
  "gi",
);

/** "my username is jaybird_22", "her gamertag: sk8r.girl" with no platform named */
const NAME_SAID = /\b(?:my|our|his|her|their)\s+(?:username|user name|handle|gamertag|gamer tag|screen name)\s*(?:is|:|=)\s*@?([A-Za-z0-9_.]{3,30})/gi;

function* handles(text: string) {
  for (const d of matches(text, AT_HANDLE, "handle")) if (/[A-Za-z]/.test(d.phrase)) yield d;
  for (const pattern of [PLATFORM_NAME, FOLLOW_ME, NAME_ON_PLATFORM, NAME_SAID]) {
    for (const d of matches(text, pattern, "handle", 1)) {
      const name = d.phrase.replace(/\.$/, "");
      // "my TikTok is cool" names nothing: a user name has a digit, _ or . in it, or is no everyday word.
      if (!/[\d_.]/.test(name) && COMMON_WORDS.has(name.toLowerCase())) continue;
      if (/^(?:so|really|very|the|a|fun|cool|private|new|old|awesome|great)$/i.test(name)) continue;
      yield { ...d, phrase: name, end: d.start + name.length };
    }
  }
}

/**
 * The patterns that read runs of any length (letters without an `@`, words without "at", a text of
 * words): each is a LinearPattern, so the check of a 20,000-character narration takes time in step with
 * its length. The other patterns' repetitions are bounded or start only where a run starts.
 */
export const RUN_PATTERNS: Readonly<Record<string, LinearPattern>> = { EMAIL, SPOKEN_EMAIL, WORD };
