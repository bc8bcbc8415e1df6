import type { Detection } from "./detection.ts";
import { famousByContext, famousPrefix } from "./famous-names.ts";
import { isFirstName } from "./first-names.ts";
import { LinearPattern } from "./linear-pattern.ts";
import { COMMON_WORDS, NUMBER_WORDS, NOT_A_SURNAME, STREET_SUFFIXES, UNIT_WORDS } from "./word-lists.ts";

/** People: full names (a first name and a surname) and ages said with a name. */

// ---- words with positions -------------------------------------------------------------------------

interface Word {
  text: string;
  start: number;
  end: number;
  /** Capitalised because it starts a sentence or the text, not (necessarily) because it is a name. */
  sentenceStart: boolean;
}

/** A word and the characters between it and the word before (group 1), so nothing before is read again. */
export const WORD = new LinearPattern("([^\\p{L}]*)(\\p{L}[\\p{L}'’-]*)");

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

/** "Maya", "María", "McKenzie", "O'Brien" */
const capitalised = (w: string) => /^\p{Lu}\p{Ll}/u.test(w) || /^(?:Mc|Mac|O'|O’)\p{Lu}/u.test(w);
/** "María" is Maria and "Mary-Kate" is Mary to the first-name list. */
const knownFirstName = (w: string) => isFirstName(w.normalize("NFD").replace(/\p{M}/gu, "").split("-")[0]!);
const isSurnameLike = (w: Word) =>
  capitalised(w.text) && w.text.length >= 2 && !COMMON_WORDS.has(w.text.toLowerCase()) && !STREET_SUFFIXES.includes(w.text);

/** Words before a first name that say a person follows ("Nurse Jenny Park", "my friend Leo Hill"). */
const PERSON_BEFORE = /\b(?:nurse|counsell?or|coach|teacher|director|mr|mrs|ms|miss|dr|uncle|aunt|auntie|grandma|grandpa|cousin|friend|bunkmate|cabinmate|sister|brother|mom|mum|dad|neighbou?r)\.?\s+$/i;
/** Everyday words that are common surnames too: a surname only after such a word ("Jefferson Park" is a park). */
const SURNAME_WORDS = new Set(
  "park hall hill hills young king long day rivers river woods wood field fields lake bay little brook rose west north south east best church ford lane price stone moon summers winter spring fox".split(" "),
);
const isTitledSurname = (w: Word) => capitalised(w.text) && SURNAME_WORDS.has(w.text.toLowerCase());

/** A capitalised first name a reader would take as a person's name here. */
function isNameWord(w: Word): boolean {
  if (!capitalised(w.text) || !knownFirstName(w.text)) return false;
  // "West Wing", "North Beach": a direction is a place's first word far more often than a name.
  if (/^(?:North|South|East|West)$/.test(w.text)) return false;
  // "Cabin Red Fox", "Team Blue Jay": a plain colour names a team or a thing; "Ruby" and "Violet" are names.
  if (/^(?:Red|Blue|Green|Gr[ae]y|Black|White|Brown|Gold|Silver|Orange|Purple|Pink|Yellow)$/.test(w.text)) return false;
  // "Will", "May", "Hope" opening a sentence are words; mid-sentence with a capital they are names.
  return !(COMMON_WORDS.has(w.text.toLowerCase()) && w.sentenceStart);
}

/** One or two spaces, or the full stop of a title ("Jr.") and a space. */
const joined = (text: string, a: Word, b: Word) => /^(?: {1,2}|\. )$/.test(text.slice(a.end, b.start));

/** A middle initial ("R.") with a surname-like word after it. */
const isInitialBefore = (text: string, ws: Word[], j: number) =>
  /^[A-Z]$/.test(ws[j]!.text) && text.slice(ws[j]!.end, ws[j]!.end + 2) === ". " && j + 1 < ws.length && isSurnameLike(ws[j + 1]!);
/** A surname particle ("van", "de", "der") with a capitalised surname after it. */
const PARTICLES = new Set(["van", "von", "de", "del", "della", "der", "den", "da", "di", "du", "la", "le", "dos", "das", "bin", "al"]);
const isParticleBefore = (text: string, ws: Word[], j: number): boolean => {
  if (!PARTICLES.has(ws[j]!.text) || j + 1 >= ws.length) return false;
  const next = ws[j + 1]!;
  return /^ {1,2}$/.test(text.slice(ws[j]!.end, next.start)) && (isSurnameLike(next) || (PARTICLES.has(next.text) && isParticleBefore(text, ws, j + 1)));
};

// ---- full names -----------------------------------------------------------------------------------

export function* fullNames(text: string): Generator<Detection> {
  const ws = words(text);
  yield* lowerCaseNames(ws, text);
  for (let i = 0; i < ws.length - 1; i++) {
    const first = ws[i]!;
    if (!isNameWord(first)) continue;
    // A famous name ("Taylor Swift", "Martin Luther King Jr.") is skipped whole, with its title.
    let run = i + 1;
    while (run < ws.length && run - i < 6 && joined(text, ws[run - 1]!, ws[run]!) && /^[A-Za-z]/.test(ws[run]!.text)) run++;
    const famous = famousPrefix(ws.slice(i, run).map((w) => w.text));
    if (famous) {
      i += famous - 1;
      continue;
    }
    let j = i + 1;
    // A middle name or initial, a two-part surname, a particle: "Maya Rose Johnson", "Maya R. Johnson",
    // "Leo van der Berg".
    while (j < ws.length && j - i <= 4) {
      const gap = text.slice(ws[j - 1]!.end, ws[j]!.start);
      const initial = /^[A-Z]$/.test(ws[j - 1]!.text) && j - 1 > i;
      if (!(/^ {1,2}$/.test(gap) || (initial && gap === ". "))) break;
      if (isSurnameLike(ws[j]!)) j++;
      else if (isInitialBefore(text, ws, j) || isParticleBefore(text, ws, j)) j++;
      else break;
    }
    // The last word is a surname, never an initial or a particle.
    while (j > i + 1 && !isSurnameLike(ws[j - 1]!)) j--;
    const titled = j === i + 1 && i + 1 < ws.length && /^ {1,2}$/.test(text.slice(first.end, ws[i + 1]!.start)) && isTitledSurname(ws[i + 1]!);
    if (titled && PERSON_BEFORE.test(text.slice(Math.max(0, first.start - 20), first.start))) j++;
    if (j === i + 1) continue;
    const last = ws[j - 1]!;
    const rest = ws.slice(i + 1, j);
    i = j - 1;
    // "Austin Texas", "Lincoln Memorial", "Dallas Cowboys": a place or a thing where the surname would be.
    if (rest.some((w) => NOT_A_SURNAME.has(w.text.toLowerCase()))) continue;
    // The words near the name are enough, and reading only them keeps a long narration's check linear.
    if (famousByContext(text.slice(Math.max(0, first.start - 60), first.start), text.slice(last.end, last.end + 120))) continue;
    yield { kind: "full_name", phrase: text.slice(first.start, last.end), start: first.start, end: last.end };
  }
}

/**
 * "me and jake peterson", "sarah mitchell is nice": written in lower case, a known first name and a word
 * shaped like a surname (its ending: -son, -ell, -ez, -ton, -ley...). Without capitals that shape is the
 * only sign, so everyday words, places and famous names ("taylor swift") are left out.
 */
const SURNAME_ENDING = /^[a-z]{2,}(?:son|sen|ez|man|mann|ell|ton|ley|ford|field|berg|stein|ski|sky|wick|worth|ham|ard|ett|ner|ler|ger|ino|elli|etti|ova|enko|ovic|oza|ado|ido|ski|wood|stone|ridge|smith)$/;

function* lowerCaseNames(ws: Word[], text: string): Generator<Detection> {
  for (let i = 0; i < ws.length - 1; i++) {
    const [first, last] = [ws[i]!, ws[i + 1]!];
    if (!/^\p{Ll}+$/u.test(first.text) || !/^ {1,2}$/.test(text.slice(first.end, last.start))) continue;
    if (first.text.length < 3 || COMMON_WORDS.has(first.text) || !isFirstName(first.text)) continue;
    if (!SURNAME_ENDING.test(last.text) || COMMON_WORDS.has(last.text) || NOT_A_SURNAME.has(last.text)) continue;
    if (famousPrefix([first.text, last.text])) continue;
    yield { kind: "full_name", phrase: text.slice(first.start, last.end), start: first.start, end: last.end };
    i++;
  }
}

// ---- ages with names ------------------------------------------------------------------------------

const AGE_NUMBER = `(?:[5-9]|1\\d|${Object.keys(NUMBER_WORDS).join("|")})`;
const YEARS_OLD = `(?:[\\s-]+years?[\\s-]+old|[\\s-]+yrs?[\\s-]+old|-year-old)?`;
/** Words between the verb and the age: "Chloe is almost thirteen", "Ben is only nine". */
const HEDGE = `(?:(?:now|almost|nearly|only|just|already|barely|about|finally|turning|going\\s+on)\\s+)?`;
/** "Maya is 12", "Maya just turned twelve", "Maya Lee is 12 years old", "Maya, who is twelve" */
const NAME_IS_AGE = new RegExp(
  `\\b([A-Z][a-z]+)(?:\\s+([A-Z][a-z]+))?(?:,?\\s+who|,(?=\\s+is\\s))?(?:\\s+is|'s|’s|\\s+was|\\s+(?:just\\s+)?turned|\\s+will be|\\s+will turn|\\s+turns)\\s+${HEDGE}(${AGE_NUMBER})${YEARS_OLD}(?=(\\s+[\\w'.]+)?)`,
  "g",
);
/** "12-year-old Maya", "a twelve year old named Maya", "my eleven-year-old sister Ruby" */
const AGE_OLD_NAME = new RegExp(
  `\\b${AGE_NUMBER}[\\s-]+years?[\\s-]+old(?:\\s+(?:sister|brother|cousin|friend|bunkmate|cabinmate|neighbou?r|buddy|twin|camper|girl|boy|kid))?(?:\\s+(?:named|called))?\\s+([A-Z][a-z]+)\\b`,
  "gi",
);
/** "Maya, 12,", "Maya (12)", "Leo, age eleven", "Max (age 8)", "Mateo, aged twelve", "Leo (who is eleven)" */
const NAME_COMMA_AGE = new RegExp(
  `\\b([A-Z][a-z]+)\\s*(?:,\\s*${AGE_NUMBER}${YEARS_OLD}\\s*(?=[,.])|,\\s*aged?\\s+${AGE_NUMBER}\\b|\\(\\s*(?:aged?\\s+|who\\s+is\\s+|who['’]s\\s+)?${AGE_NUMBER}${YEARS_OLD}\\s*\\))`,
  "g",
);
/** "Maya and Leo are both twelve", "Leo and I are eleven" */
const NAMES_ARE_AGE = new RegExp(
  `\\b([A-Z][a-z]+)\\s+and\\s+(?:[A-Z][a-z]+|I|me)\\s*,?\\s+(?:are|were|(?:just\\s+)?turned)\\s+(?:both\\s+|all\\s+)?${HEDGE}${AGE_NUMBER}${YEARS_OLD}(?=(\\s+[\\w'.]+)?)`,
  "g",
);
/**
 * "This is my sister Ava. She is nine.", "This is Ben, he's thirteen": the age told of "she" or "he" in
 * the next sentence or the next clause.
 */
const PRONOUN_AGE = new RegExp(
  `\\b(?:[Ss]he|[Hh]e)(?:'s|’s|\\s+is|\\s+was|\\s+(?:just\\s+)?turned|\\s+will\\s+be|\\s+turns)\\s+${HEDGE}${AGE_NUMBER}${YEARS_OLD}(?=(\\s+[\\w'.]+)?)`,
  "g",
);
/** "my friend eli is twelve": written all in lower case, a first name after "my friend" is still one. */
const RELATION_NAME_AGE = new RegExp(
  `\\b[Mm]y\\s+(?:(?:little|big|older|younger|best|twin)\\s+)?(?:friend|brother|sister|cousin|bunkmate|cabinmate|buddy|neighbou?r)\\s+([a-z]+)\\s+(?:is|turned|just\\s+turned)\\s+${HEDGE}${AGE_NUMBER}${YEARS_OLD}\\b`,
  "g",
);
/** "My name is Maya and I'm 12", "I'm Maya, I am twelve" */
const INTRO_AGE = new RegExp(
  `\\b(?:[Mm]y name is|[Mm]y name's|I'm|I am|I’m|[Cc]all me)\\s+([A-Z][a-z]+)\\b[^.!?\\n]{0,40}?\\b(?:I'm|I am|I’m|I turned|I just turned)\\s+${AGE_NUMBER}${YEARS_OLD}\\b`,
  "g",
);

/** "is 12 feet", "is ten minutes": the word after the number makes it a measure. */
const isMeasure = (next: string | undefined) => !!next && UNIT_WORDS.test(next.trim().replace(/[.,!?]$/, ""));

export function* ages(text: string): Generator<Detection> {
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
  for (const m of text.matchAll(NAMES_ARE_AGE)) {
    if (!named(m[1]!) || isMeasure(m[2])) continue;
    yield { kind: "age", phrase: m[0], start: m.index, end: m.index + m[0].length };
  }
  for (const m of text.matchAll(PRONOUN_AGE)) {
    if (isMeasure(m[1])) continue;
    // The name is the last one in the sentence or clause just before.
    const before = text.slice(Math.max(0, m.index - 80), m.index);
    // After a sentence's end ("Ava is my sister. She's nine") or a comma ("This is Ben, he's thirteen").
    if (!/(?:[.!?]|,)\s+$/.test(before)) continue;
    const body = before.replace(/(?:[.!?]|,)\s+$/, "");
    const cut = Math.max(body.lastIndexOf("."), body.lastIndexOf("!"), body.lastIndexOf("?"), body.lastIndexOf("\n")) + 1;
    const name = [...body.slice(cut).matchAll(/\b[A-Z][a-z]+\b/g)].filter((n) => named(n[0])).pop();
    if (!name) continue;
    const start = m.index - before.length + cut + name.index;
    yield { kind: "age", phrase: text.slice(start, m.index + m[0].length), start, end: m.index + m[0].length };
  }
  for (const m of text.matchAll(RELATION_NAME_AGE)) {
    if (!isFirstName(m[1]!) || COMMON_WORDS.has(m[1]!)) continue;
    const start = m.index + m[0].indexOf(m[1]!, m[0].search(/\s/));
    yield { kind: "age", phrase: text.slice(start, m.index + m[0].length), start, end: m.index + m[0].length };
  }
  for (const m of text.matchAll(INTRO_AGE)) if (capitalised(m[1]!)) yield { kind: "age", phrase: m[0], start: m.index, end: m.index + m[0].length };
}
