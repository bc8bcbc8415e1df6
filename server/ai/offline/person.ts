/**
 * First person <-> third person ("I made" <-> "they made"). Uses "they", so verbs only change
 * after "I am"/"I was"; every word it writes is a pronoun or a form of "to be".
 */

const TO_THIRD: Record<string, string> = {
  i: "they",
  me: "them",
  my: "their",
  mine: "theirs",
  myself: "themselves",
  "i'm": "they're",
  "i've": "they've",
  "i'll": "they'll",
  "i'd": "they'd",
};
const TO_FIRST: Record<string, string> = {
  they: "I",
  them: "me",
  their: "my",
  theirs: "mine",
  themselves: "myself",
  "they're": "I'm",
  "they've": "I've",
  "they'll": "I'll",
  "they'd": "I'd",
};

// A whole word, "I'm" included; a word glued to stray apostrophes ("I''A") is left alone.
const WORD = /(?<![\p{L}\p{N}'\u2019])[\p{L}]+(?:['\u2019][\p{L}]+)?(?![\p{L}\p{N}'\u2019])/gu;

function atSentenceStart(text: string, offset: number): boolean {
  return /(?:^|[.!?\n]["')\]]?\s*)["'([]?$/u.test(text.slice(Math.max(0, offset - 4), offset)) || offset === 0;
}

function withCase(replacement: string, original: string, sentenceStart: boolean): string {
  if (replacement.startsWith("I") && /^I(?:'|$)/.test(replacement)) return replacement;
  const capital = sentenceStart || (original !== "I" && !original.startsWith("I'") && /^\p{Lu}/u.test(original));
  return capital ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
}

function swapWords(text: string, table: Record<string, string>): string {
  return text.replace(WORD, (word, offset: number) => {
    const replacement = table[word.toLowerCase().replace("\u2019", "'")];
    return replacement ? withCase(replacement, word, atSentenceStart(text, offset)) : word;
  });
}

export function toThirdPerson(text: string): string {
  const verbsFixed = text.replace(/(?<![\p{L}\p{N}'])([Ii]) (am|was)(?![\p{L}\p{N}'])/gu, (_m, i: string, verb: string) =>
    `${i} ${verb === "am" ? "are" : "were"}`,
  );
  return swapWords(verbsFixed, TO_THIRD);
}

export function toFirstPerson(text: string): string {
  const verbsFixed = text
    .replace(/(?<![\p{L}\p{N}'])([Tt])he camper's(?![\p{L}\p{N}])/gu, (_m, t: string) => (t === "T" ? "My" : "my"))
    .replace(/(?<![\p{L}\p{N}'])[Tt]he camper(?![\p{L}\p{N}'])/gu, "I")
    .replace(/(?<![\p{L}\p{N}'])([Tt]hey) (are|were)(?![\p{L}\p{N}'])/gu, (_m, they: string, verb: string) =>
      `${they} ${verb === "are" ? "am" : "was"}`,
    );
  return swapWords(verbsFixed, TO_FIRST);
}
