import { NARRATION_TONES, type NarrationTone } from "../../contracts/product.ts";
import type { ChatTurn, CustomEditRequest, FitRequest, NarrationRequest } from "./ai-writer.ts";
import { HELP_SECTIONS } from "./offline/index.ts";

/**
 * Messages sent to a remote model. They carry only what the task needs (answers, tone, length,
 * audience); nothing about the account. Keep it that way: the users are minors.
 */
type Message = { role: "system" | "user" | "assistant"; content: string };

const toneLabel = (tone: NarrationTone) => NARRATION_TONES.find((t) => t.key === tone)?.label ?? tone;

const SAFETY =
  "The writer is a middle-school student at a summer camp where they make videos. Keep everything age-appropriate. " +
  "Never invent facts, names, places or events that are not in their answers.";

export function narrationMessages(request: NarrationRequest): Message[] {
  const audience = request.audienceLinks.filter((a) => a.trim());
  return [
    {
      role: "system",
      content:
        `${SAFETY} Turn the student's reflection answers into a first-person narration script to be read aloud over their video. ` +
        `Style: ${toneLabel(request.tone)}. Spoken language: short sentences, natural transitions, an opening and a closing. ` +
        `Length: about ${request.targetWordCount} words (the video is ${request.durationSeconds} seconds). ` +
        (audience.length ? `Address this audience: ${audience.join(", ")}. ` : "") +
        (request.variant ? "The student asked for another version: use a different opening, different wording and a different closing from earlier versions. " : "") +
        "Answer with the script only: no title, no headings, no stage directions.",
    },
    { role: "user", content: request.responses.map((r, i) => `Answer ${i + 1}: ${r.trim()}`).join("\n\n") },
    ...(request.variant && request.previousContent
      ? [{ role: "user" as const, content: `The version they have now (write a different one):\n${request.previousContent}` }]
      : []),
  ];
}

export function fitMessages(request: FitRequest): Message[] {
  return [
    {
      role: "system",
      content:
        `${SAFETY} Shorten the student's narration script to at most ${request.targetWordCount} words, so it can be read aloud ` +
        "within their video. Keep their own words, facts and voice, the opening and the closing; drop the least important sentences " +
        "first. Add nothing new." +
        (request.tone ? ` Keep the style ${toneLabel(request.tone)}.` : "") +
        " Answer with the shortened script only.",
    },
    { role: "user", content: request.content },
  ];
}

export function editMessages(request: CustomEditRequest): Message[] {
  return [
    {
      role: "system",
      content:
        `${SAFETY} You edit a narration script the student wrote with AI help. Apply the requested change and answer with ` +
        "the whole revised script only." +
        (request.tone ? ` Keep the style ${toneLabel(request.tone)} unless the change asks otherwise.` : ""),
    },
    { role: "user", content: `Change requested: ${request.instruction.trim()}\n\nScript:\n${request.content}` },
  ];
}

export function titleMessages(content: string): Message[] {
  return [
    {
      role: "system",
      content: `${SAFETY} Write one short, catchy title (at most 8 words) for this narration. Answer with the title only, no quotes.`,
    },
    { role: "user", content },
  ];
}

const HELP_TEXT = HELP_SECTIONS.map((s) => `## ${s.title}\n${s.body}`).join("\n\n");

export function chatMessages(turns: ChatTurn[]): Message[] {
  return [
    {
      role: "system",
      content:
        `${SAFETY} You are the Summer Stories helper. Answer questions about using the app and making camp videos, ` +
        `briefly and kindly. Use this help text:\n\n${HELP_TEXT}`,
    },
    ...turns.map((t) => ({ role: t.role, content: t.content })),
  ];
}
