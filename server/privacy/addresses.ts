import { type Detection, matches } from "./detection.ts";
import { COMMON_WORDS, STREET_SUFFIXES, UNIT_WORDS } from "./word-lists.ts";

/**
 * Street addresses: a house number, maybe a direction ("N", "West"), one to three name words (a
 * capitalised word or an ordinal, "5th"), a street word ("Street", "Ave."), maybe a direction after it
 * ("NW") and a flat or unit ("Apt 3B", ", Unit 4", "#2"). Also "we live on Maple Street" with no number.
 */
const FULL_SUFFIXES = STREET_SUFFIXES.filter((s) => s.length > 3);
const ABBREVIATED_SUFFIXES = STREET_SUFFIXES.filter((s) => s.length <= 3);
/** An abbreviation may carry its full stop ("Ave."); a whole word may not, its full stop ends a sentence. */
const SUFFIX = `(?:(?:${FULL_SUFFIXES.join("|")})\\b|(?:${ABBREVIATED_SUFFIXES.join("|")})\\b\\.?)`;
const ORDINAL = "\\d{1,3}(?:st|nd|rd|th)";
const DIRECTION_BEFORE = "(?:(?:North|South|East|West)\\b|(?:NE|NW|SE|SW|N|S|E|W)\\b\\.?)";
const DIRECTION_AFTER = "(?:\\s+(?:NE|NW|SE|SW|N|S|E|W)\\b\\.?)?";
/** A flat, unit or suite: its word and a number or letter, or "#" and a number. */
/** Capitalised or not: "apt 12" is as much a flat as "Apt 12". */
const UNIT_NAME = "(?:[Aa]pt|[Ss]te)\\.?|[Aa]partment|[Uu]nit|[Ff]lat|[Ss]uite";
const UNIT_VALUE = "#?\\s?(?:\\d{1,5}-?[A-Za-z]?|[A-Za-z]\\d{0,4})\\b";
const UNIT = `(?:,?\\s+(?:${UNIT_NAME})\\s+${UNIT_VALUE}|,?\\s*#\\s?\\d{1,5}[A-Za-z]?\\b)?`;

/** "42 Maple Street", "1600 Pennsylvania Ave.", "42 N Maple St", "1200 West 5th Avenue Apt 3B" */
const NUMBERED_STREET = new RegExp(
  `\\b\\d{1,5}[A-Za-z]?\\s+(?:${DIRECTION_BEFORE}\\s+)?((?:(?:[A-Z][a-z]+\\.?|${ORDINAL})\\s+){1,3})${SUFFIX}${DIRECTION_AFTER}${UNIT}`,
  "g",
);
/** "42 maple street", "250 north main street apt 12": in lower case the street word is spelled out. */
const NUMBERED_STREET_LOWER = new RegExp(
  `\\b\\d{1,5}[a-z]?\\s+(?:(?:north|south|east|west)\\s+)?((?:(?:[a-z]+|${ORDINAL})\\s+){1,2})(?:${FULL_SUFFIXES.join("|").toLowerCase()})\\b(${UNIT})`,
  "g",
);
/**
 * "40 w 22nd st apt 4b", "9 e elm rd": in lower case an abbreviated street word is an address only with a
 * direction before it, or an ordinal street name and a flat after it.
 */
const LOWER_DIRECTION = "(?:north|south|east|west|ne|nw|se|sw|n|s|e|w)\\.?";
const NUMBERED_STREET_LOWER_SHORT = new RegExp(
  `\\b\\d{1,5}[a-z]?\\s+(?:(${LOWER_DIRECTION})\\s+)?((?:[a-z]+|${ORDINAL})\\s+){1,2}(?:${ABBREVIATED_SUFFIXES.join("|").toLowerCase()})\\b\\.?(${UNIT})`,
  "g",
);

/** "we live on Maple Street", "she lives on W 3rd St" */
const LIVE_ON = new RegExp(
  `\\b(?:live|lives|lived|living|stay|stays|staying)\\s+(?:at|on)\\s+((?:${DIRECTION_BEFORE}\\s+)?(?:(?:[A-Z][a-z]+|${ORDINAL})\\s+){1,3}${SUFFIX}${DIRECTION_AFTER})`,
  "g",
);

/** "600 W Broadway Unit 12": a street with no street word is an address when a flat or unit follows. */
const NUMBERED_UNIT = new RegExp(
  `\\b\\d{1,5}[A-Za-z]?\\s+(?:${DIRECTION_BEFORE}\\s+)?((?:(?:[A-Z][a-z]+|${ORDINAL})\\s+){1,3})(?:Apt\\.?|Apartment|Unit|Suite)\\s+${UNIT_VALUE}`,
  "g",
);

/** Words that do not name a street: "Chapter 3 The Long Road" is a title, not an address. */
const NOT_STREET_NAME = new Set(["the", "a", "an", "of", "and", "to", "on", "in", "at", "my", "our", "your", "down", "up", "by", "for", "with", "from", "into", "is", "was"]);

export function* addresses(text: string): Generator<Detection> {
  for (const m of text.matchAll(NUMBERED_STREET)) {
    if (streetWords(m[1]!).some((w) => NOT_STREET_NAME.has(w))) continue;
    yield { kind: "address", phrase: m[0], start: m.index, end: m.index + m[0].length };
  }
  for (const m of text.matchAll(NUMBERED_UNIT)) {
    if (streetWords(m[1]!).some((w) => NOT_STREET_NAME.has(w))) continue;
    yield { kind: "address", phrase: m[0], start: m.index, end: m.index + m[0].length };
  }
  for (const m of text.matchAll(NUMBERED_STREET_LOWER)) {
    // "we hiked 5 mile trail", "I have 2 best friends lane": everyday words are not a street's name,
    // unless a flat or unit number says it is an address ("8 park place apartment 2").
    const everyday = streetWords(m[1]!).some((w) => COMMON_WORDS.has(w) || UNIT_WORDS.test(w) || NOT_STREET_NAME.has(w));
    if (everyday && !m[2]) continue;
    yield { kind: "address", phrase: m[0], start: m.index, end: m.index + m[0].length };
  }
  for (const m of text.matchAll(NUMBERED_STREET_LOWER_SHORT)) {
    const ordinal = new RegExp(`^${ORDINAL}$`).test(m[2]!.trim());
    if (!m[1] && !(ordinal && m[3])) continue;
    if (streetWords(m[2]!).some((w) => NOT_STREET_NAME.has(w))) continue;
    yield { kind: "address", phrase: m[0], start: m.index, end: m.index + m[0].length };
  }
  yield* matches(text, LIVE_ON, "address", 1);
}

const streetWords = (group: string) => group.trim().split(/\s+/).map((w) => w.toLowerCase().replace(/\.$/, ""));
