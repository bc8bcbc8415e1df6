/**
 * The script's sentences, as the shot list, the teleprompter and the script check all split them (one
 * rule, shared by client and server). ICU's sentence rules (Intl.Segmenter) keep "3.5" and "..." whole;
 * on top of them a break is undone where ICU breaks too eagerly for a camper's script: after a title
 * such as "Mr.", before a lower-case continuation (`He said "wow!" and left.`), and around a piece with
 * no words (an emoji on its own joins the sentence before it).
 */
const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

const TITLES = /\b(?:mr|mrs|ms|dr|st|mt|jr|sr|prof|vs|etc|e\.g|i\.e)\.\s*$/i;
const HAS_WORD = /[\p{L}\p{N}]/u;
const STARTS_LOWER = /^["'\u201c\u2018(]*\p{Ll}/u;

export function scriptSentences(text: string): string[] {
  const flat = text.replace(/\s+/g, " ").trim();
  if (!flat) return [];
  const pieces: string[] = [];
  for (const { segment } of segmenter.segment(flat)) {
    const piece = segment.trim();
    if (!piece) continue;
    const previous = pieces.at(-1);
    const join = previous !== undefined && (TITLES.test(previous) || STARTS_LOWER.test(piece) || !HAS_WORD.test(piece) || !HAS_WORD.test(previous));
    if (join) pieces[pieces.length - 1] = `${previous} ${piece}`;
    else pieces.push(piece);
  }
  return pieces;
}
