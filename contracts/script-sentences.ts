/**
 * The script's sentences, as the shot list, the teleprompter and the script check all split them (one
 * rule, shared by client and server). ICU's sentence rules (Intl.Segmenter) keep "3.5" and "..." whole;
 * on top of them a break is undone where ICU breaks too eagerly for a camper's script: after a title
 * such as "Mr.", before a lower-case continuation (`He said "wow!" and left.`, or a line wrapped by
 * hand), and around a piece with no words (an emoji on its own joins the sentence before it). A line
 * break ends a sentence even without a full stop, so a heading or a paragraph left without one does not
 * run into the next paragraph.
 */
const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

const TITLES = /\b(?:mr|mrs|ms|dr|st|mt|jr|sr|prof|vs|etc|e\.g|i\.e)\.\s*$/i;
const HAS_WORD = /[\p{L}\p{N}]/u;
const STARTS_LOWER = /^["'\u201c\u2018(]*\p{Ll}/u;

/** A sentence and where it sits in the text it came from (`start`/`end`: offsets into that text). */
export interface SentenceSpan {
  /** The sentence with its whitespace runs (line breaks too) made single spaces. */
  text: string;
  start: number;
  end: number;
}

export function scriptSentences(text: string): string[] {
  return scriptSentenceSpans(text).map((s) => s.text);
}

/** The sentences with their places in `text`, so a caller can change one part and keep the rest exactly. */
export function scriptSentenceSpans(text: string): SentenceSpan[] {
  const spans: { start: number; end: number }[] = [];
  for (const line of text.matchAll(/[^\r\n]+/g)) {
    for (const { segment, index } of segmenter.segment(line[0])) {
      const piece = segment.trim();
      if (!piece) continue;
      const start = line.index + index + (segment.length - segment.trimStart().length);
      const previous = spans.at(-1);
      const before = previous && text.slice(previous.start, previous.end);
      const join = before !== undefined && (TITLES.test(before) || STARTS_LOWER.test(piece) || !HAS_WORD.test(piece) || !HAS_WORD.test(before));
      if (previous && join) previous.end = start + piece.length;
      else spans.push({ start, end: start + piece.length });
    }
  }
  return spans.map(({ start, end }) => ({ text: text.slice(start, end).replace(/\s+/g, " "), start, end }));
}
