import type OpenAI from "openai";
import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai/error";
import { lazyOpenAiClient, openAiProviderName, type OpenAiEndpoint } from "./openai-sdk.ts";
import type { AiStatus } from "../../contracts/ai.ts";
import type { AiWriter, ChatTurn, CustomEditRequest, FitRequest, NarrationRequest, WriteOptions } from "./ai-writer.ts";
import { AiError } from "./ai-writer.ts";
import { chatMessages, editMessages, fitMessages, narrationMessages, titleMessages } from "./prompts.ts";

export interface OpenAiWriterConfig extends OpenAiEndpoint {
  model: string;
  /** Longest wait for the first token and between tokens. */
  timeoutMs: number;
}

type Message = Parameters<OpenAI["chat"]["completions"]["create"]>[0]["messages"][number];

/**
 * Any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, LM Studio, llama.cpp)
 * through the official SDK. The SDK retries 429 and 5xx with backoff; a stream that stalls longer
 * than the timeout is cut and answered with 504, so no request ever hangs.
 */
export class OpenAiWriter implements AiWriter {
  readonly providerName: string;
  readonly model: string;
  private readonly client: () => Promise<OpenAI>;

  constructor(private readonly config: OpenAiWriterConfig) {
    this.model = config.model;
    this.providerName = openAiProviderName(config.baseURL, "OpenAI", "OpenAI-compatible server");
    this.client = lazyOpenAiClient(config);
  }

  writeNarration(request: NarrationRequest, options?: WriteOptions) {
    return this.complete(narrationMessages(request), options, Math.ceil(request.targetWordCount * 2.2) + 64);
  }

  editNarration(request: CustomEditRequest, options?: WriteOptions) {
    return this.complete(editMessages(request), options);
  }

  fitNarration(request: FitRequest, options?: WriteOptions) {
    return this.complete(fitMessages(request), options, Math.ceil(request.targetWordCount * 2.2) + 64);
  }

  async writeTitle(content: string, options?: WriteOptions) {
    const title = await this.complete(titleMessages(content), { signal: options?.signal }, 40);
    return title.replace(/^["'“”\s]+|["'“”\s.]+$/g, "").slice(0, 120);
  }

  chat(turns: ChatTurn[], options?: WriteOptions) {
    return this.complete(chatMessages(turns), options);
  }

  async status(): Promise<AiStatus> {
    const base = { provider: this.providerName, model: this.model };
    try {
      await (await this.client()).models.list({ timeout: Math.min(this.config.timeoutMs, 10_000), maxRetries: 0 });
      return { ...base, status: "ok", available: true, errorCode: null, message: `Connected to ${this.providerName}.` };
    } catch (error) {
      const failure = toAiError(error);
      return { ...base, status: "error", available: false, errorCode: failure.errorCode, message: failure.message };
    }
  }

  private async complete(messages: Message[], options: WriteOptions = {}, maxTokens?: number): Promise<string> {
    const idle = new IdleTimeout(this.config.timeoutMs, options.signal);
    try {
      const stream = await (await this.client()).chat.completions.create(
        { model: this.model, messages, stream: true, ...(maxTokens ? { max_tokens: maxTokens } : {}) },
        { signal: idle.signal },
      );
      let text = "";
      idle.reset();
      for await (const chunk of stream) {
        idle.reset();
        const delta = chunk.choices[0]?.delta?.content ?? "";
        if (delta) {
          text += delta;
          options.onDelta?.(delta);
        }
      }
      // The SDK ends an aborted stream quietly, as if the model had finished: tell the two apart.
      if (idle.timedOut) throw new AiError(504, "The AI provider took too long to answer. Please try again.");
      return text;
    } catch (error) {
      if (idle.timedOut) throw new AiError(504, "The AI provider took too long to answer. Please try again.");
      throw toAiError(error);
    } finally {
      idle.clear();
    }
  }
}

/** Aborts when no progress is made for `ms`, or when the caller's own signal aborts. */
class IdleTimeout {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  timedOut = false;

  constructor(
    private readonly ms: number,
    outer?: AbortSignal,
  ) {
    outer?.addEventListener("abort", () => this.controller.abort(outer.reason), { once: true });
    this.reset();
  }

  get signal() {
    return this.controller.signal;
  }

  reset() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new Error("AI provider timed out"));
    }, this.ms);
  }

  clear() {
    clearTimeout(this.timer);
  }
}

export function toAiError(error: unknown): AiError {
  if (error instanceof AiError) return error;
  if (error instanceof APIConnectionTimeoutError) {
    return new AiError(504, "The AI provider took too long to answer. Please try again.");
  }
  if (error instanceof APIError && typeof error.status === "number") {
    if (error.status === 429) {
      return new AiError(429, "The AI provider is busy right now (rate limited). Wait a minute or two and try again.", 429);
    }
    if (error.status === 401 || error.status === 403) {
      return new AiError(502, "The AI provider refused the camp's key. Ask your camp leader to check the AI settings.", error.status);
    }
    return new AiError(502, "The AI provider had a problem answering. Please try again in a moment.", error.status);
  }
  if (error instanceof APIConnectionError) {
    return new AiError(502, "Could not reach the AI provider. Check the connection and try again.");
  }
  return new AiError(502, "The AI provider had a problem answering. Please try again in a moment.");
}
