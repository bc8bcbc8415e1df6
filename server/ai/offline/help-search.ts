import { HELP_INTRO, HELP_SECTIONS, HELP_SUGGESTED_TOPICS, type HelpSection } from "./help-text.ts";
import { tokens } from "./text.ts";

/**
 * Answers "how do I...?" questions by BM25 search over the help sections. Words are reduced to
 * rough stems ("deleting", "deleted" -> "delet") and a few everyday words are mapped to the ones
 * the help text uses ("remove" -> "delete").
 */

// Question words that say nothing about the topic.
const QUESTION_WORDS = new Set([
  "a", "an", "the", "and", "or", "to", "of", "in", "on", "for", "with", "by", "at", "from", "it", "its",
  "is", "are", "was", "be", "do", "does", "did", "can", "could", "would", "should", "will", "i", "me", "my",
  "we", "you", "your", "how", "what", "where", "when", "why", "which", "who", "there", "this", "that",
  "please", "help", "want", "need", "get", "way", "make", "app", "summer", "stories", "thing", "some",
  "if", "so", "just", "about", "into", "am", "im", "i'm", "have", "has", "tell",
]);

const GREETINGS = new Set(["hi", "hello", "hey", "hiya", "yo", "howdy", "morning", "afternoon", "evening", "good", "thanks", "thank", "there"]);

// Everyday words mapped to the words the help text uses.
const SYNONYMS: Record<string, string[]> = {
  remove: ["delete"],
  erase: ["delete"],
  trash: ["delete"],
  login: ["sign"],
  log: ["sign"],
  logout: ["sign"],
  register: ["account", "create"],
  signup: ["sign", "account"],
  password: ["sign", "password"],
  username: ["sign", "username"],
  mic: ["microphone"],
  webcam: ["camera"],
  cam: ["camera"],
  export: ["download"],
  save: ["save", "download"],
  script: ["narration"],
  story: ["narration"],
  cost: ["pricing", "free"],
  price: ["pricing"],
  pay: ["pricing"],
  paid: ["pricing"],
  money: ["pricing"],
  long: ["length", "long"],
  length: ["length", "long"],
  duration: ["length", "long"],
  minutes: ["minutes", "seconds"],
  order: ["order", "reorder"],
  rearrange: ["reorder", "order"],
  move: ["reorder", "move"],
  undo: ["reset", "original"],
  revert: ["reset", "original"],
  questions: ["prompts"],
  question: ["prompts"],
  limit: ["limit"],
  many: ["limit", "up"],
  shortcut: ["shortcuts", "keyboard"],
  hotkey: ["shortcuts", "keyboard"],
  notification: ["notifications", "f8"],
  name: ["title"],
  voice: ["voice"],
  clone: ["cloned"],
  mp4: ["mp4", "download"],
  cooldown: ["wait", "generate"],
  wait: ["cooldown", "generate"],
  private: ["privacy"],
  data: ["data", "privacy"],
};

export function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, "");
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  for (const suffix of ["ing", "ed", "er", "ly", "ion"]) {
    if (w.length > suffix.length + 2 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      // "dragging" -> "dragg" -> "drag"
      if (/([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

function terms(text: string): string[] {
  return tokens(text).filter((word) => !QUESTION_WORDS.has(word)).map(stem);
}

interface IndexedSection {
  section: HelpSection;
  frequencies: Map<string, number>;
  length: number;
}

interface HelpIndex {
  sections: IndexedSection[];
  documentFrequency: Map<string, number>;
  averageLength: number;
}

let index: HelpIndex | undefined;

/** Built once, on the first question. The title counts twice: it names the task. */
function helpIndex(): HelpIndex {
  if (index) return index;
  const sections = HELP_SECTIONS.map((section) => {
    const words = [...terms(section.title), ...terms(section.title), ...terms(section.body)];
    const frequencies = new Map<string, number>();
    for (const word of words) frequencies.set(word, (frequencies.get(word) ?? 0) + 1);
    return { section, frequencies, length: words.length };
  });
  const documentFrequency = new Map<string, number>();
  for (const { frequencies } of sections) for (const word of frequencies.keys()) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  const averageLength = sections.reduce((n, s) => n + s.length, 0) / sections.length;
  index = { sections, documentFrequency, averageLength };
  return index;
}

const K1 = 1.2;
const B = 0.75;
// Below this the best match is a coincidence of common words, so we say we don't know.
const MIN_SCORE = 1.5;

function queryTerms(question: string): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (term: string, weight: number) => weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  for (const word of tokens(question)) {
    if (QUESTION_WORDS.has(word)) continue;
    add(stem(word), 1);
    for (const synonym of SYNONYMS[word] ?? []) add(stem(synonym), 0.8);
  }
  return weights;
}

/** The best-matching section and its score, or undefined when nothing matches. */
export function searchHelp(question: string): { section: HelpSection; score: number } | undefined {
  const { sections, documentFrequency, averageLength } = helpIndex();
  const query = queryTerms(question);
  let best: { section: HelpSection; score: number } | undefined;
  for (const { section, frequencies, length } of sections) {
    let score = 0;
    for (const [term, weight] of query) {
      const tf = frequencies.get(term) ?? 0;
      if (tf === 0) continue;
      const df = documentFrequency.get(term) ?? 0;
      const idf = Math.log(1 + (sections.length - df + 0.5) / (df + 0.5));
      score += weight * idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / averageLength)));
    }
    if (score > 0 && (!best || score > best.score)) best = { section, score };
  }
  return best;
}

function fallback(): string {
  return (
    "Sorry, I couldn't find help on that. I can help with things like " +
    `${HELP_SUGGESTED_TOPICS.slice(0, -1).join(", ")} and ${HELP_SUGGESTED_TOPICS[HELP_SUGGESTED_TOPICS.length - 1]}. ` +
    'Try asking, for example, "How do I download my video?"'
  );
}

/** An answer from the built-in help: the best section, a greeting, or a list of topics. */
export function answerHelpQuestion(question: string): string {
  const words = tokens(String(question ?? ""));
  if (words.length === 0 || words.every((word) => GREETINGS.has(word) || QUESTION_WORDS.has(word))) {
    if (words.some((word) => word === "thanks" || word === "thank")) return "You're welcome! Ask me anything else about Summer Stories.";
    return HELP_INTRO;
  }
  const match = searchHelp(question);
  if (!match || match.score < MIN_SCORE) return fallback();
  return `${match.section.title}\n\n${match.section.body}`;
}
