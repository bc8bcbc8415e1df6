import type { AiStatus } from "../../contracts/ai.ts";
import type { AiWriter, ChatTurn, CustomEditRequest, FitRequest, NarrationRequest, WriteOptions } from "./ai-writer.ts";
import { AiError } from "./ai-writer.ts";
import { answerHelpQuestion, applyCustomRequest, writeNarration, writeTitle } from "./offline/index.ts";
import { fitScriptToWords } from "./offline/fit-script.ts";

/**
 * The built-in writer: no network, deterministic, uses only the camper's words and fixed tone
 * phrases. Its text is sent in word-sized pieces so streaming clients behave the same as with a
 * remote model.
 */
export class OfflineAiWriter implements AiWriter {
  readonly providerName = "Built-in offline writer";
  readonly model = "offline-writer-1";
  readonly deterministic = true;

  async writeNarration(request: NarrationRequest, options?: WriteOptions) {
    const text = writeNarration({
      responses: request.responses,
      tone: request.tone,
      targetWordCount: request.targetWordCount,
      audienceLinks: request.audienceLinks,
      variant: request.variant,
    });
    return emit(text, options);
  }

  async editNarration(request: CustomEditRequest, options?: WriteOptions) {
    const result = applyCustomRequest(request.content, request.instruction, request.tone);
    if (!result.ok) throw new AiError(422, result.message);
    return emit(result.content, options);
  }

  async fitNarration(request: FitRequest, options?: WriteOptions) {
    return emit(fitScriptToWords(request.content, request.targetWordCount), options);
  }

  async writeTitle(content: string) {
    return writeTitle(content);
  }

  async chat(turns: ChatTurn[], options?: WriteOptions) {
    const question = [...turns].reverse().find((t) => t.role === "user")?.content ?? "";
    return emit(answerHelpQuestion(question), options);
  }

  async status(): Promise<AiStatus> {
    return {
      status: "ok",
      available: true,
      provider: this.providerName,
      model: this.model,
      errorCode: null,
      message: "The built-in writer is ready. It works without internet and uses only your own words.",
    };
  }
}

function emit(text: string, options?: WriteOptions): string {
  if (options?.onDelta) for (const piece of text.match(/\S+\s*/g) ?? []) options.onDelta(piece);
  return text;
}
