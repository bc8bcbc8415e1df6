/**
 * The built-in offline writer: used when no AI provider is connected. It needs no network, is
 * deterministic, and only ever uses the camper's own words plus fixed, fact-free tone phrases.
 */
export { writeNarration, type NarrationInput } from "./narration.ts";
export { writeTitle, FALLBACK_TITLE } from "./title.ts";
export {
  applyCustomRequest,
  NEEDS_AI_PROVIDER_MESSAGE,
  EMPTY_CONTENT_MESSAGE,
  EMPTY_INSTRUCTION_MESSAGE,
  type CustomResult,
} from "./custom-request.ts";
export { answerHelpQuestion } from "./help-search.ts";
export { HELP_SECTIONS, type HelpSection } from "./help-text.ts";
export { OFFLINE_TONE_PHRASES, allTonePhrases, type TonePhrases, type PhraseKind } from "./tone-phrases.ts";
export { SIMPLER_WORDS } from "./simpler-words.ts";
export { STOP_WORDS, contentWords, countWords, wordsNotIn } from "./text.ts";
