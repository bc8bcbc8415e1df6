import { fitContent } from "./fit-content.ts";
import { countWords, splitSentences } from "./text.ts";

/**
 * A script cut to at most `targetWordCount` words so the voice ends with the pictures. Nothing is
 * added or reworded, and nothing is cut inside a sentence except at a clause end: each paragraph
 * keeps its first sentence (the opening, each answer's lead, the closing) while those fit, and its
 * other sentences are kept by importance while they fit (see fitContent).
 */
export function fitScriptToWords(content: string, targetWordCount: number): string {
  const paragraphs = content
    .split(/\n\s*\n/)
    .map((p) => splitSentences(p.replace(/\s*\n\s*/g, " ")))
    .filter((sentences) => sentences.length > 0);
  const target = Math.max(1, Math.floor(targetWordCount));
  if (paragraphs.flat().reduce((n, s) => n + countWords(s), 0) <= target) return content.trim();
  return fitContent(paragraphs, target)
    .map((sentences) => sentences.join(" "))
    .filter((p) => p.trim())
    .join("\n\n");
}
