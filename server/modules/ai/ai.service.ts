import { AI_MESSAGES, type AiStatus, type ChatBody, type CustomRequestBody, type GenerateReflectionBody } from "../../../contracts/ai.ts";
import { DEFAULT_TONE, LENGTH_SECONDS, targetWordCount } from "../../../contracts/product.ts";
import { AiError, type AiWriter, type FitRequest, type WriteOptions } from "../../ai/ai-writer.ts";
import { tooManyRequests } from "../../http/errors.ts";
import { describeWait, type RateLimiter } from "../rate-limit/limiter.ts";

const STATUS_CACHE_MS = 30_000;

/** A piece of writing the camper's limit allowed, run once: whole (no options) or streamed as it arrives. */
export type AiTask = (options: WriteOptions) => Promise<string>;

/** The AI routes' rules: a per-camper limit, what is sent to the writer, and empty results. */
export class AiService {
  private cachedStatus: { at: number; value: AiStatus } | undefined;

  constructor(
    private readonly writer: AiWriter,
    private readonly limiter: RateLimiter,
    private readonly requestsPerMinute: number,
  ) {}

  /*
   * Each request counts against the camper's limit before anything is written or streamed, so a
   * camper over the limit gets a plain 429 (with Retry-After), never an event stream.
   */

  async narrationFor(userId: number, body: GenerateReflectionBody): Promise<AiTask> {
    await this.checkLimit(userId);
    return (options) => this.generateNarration(body, options);
  }

  async editFor(userId: number, body: CustomRequestBody): Promise<AiTask> {
    await this.checkLimit(userId);
    return (options) => this.editNarration(body, options);
  }

  async chatFor(userId: number, body: ChatBody): Promise<AiTask> {
    await this.checkLimit(userId);
    return (options) => this.chat(body, options);
  }

  async titleFor(userId: number, content: string): Promise<string> {
    await this.checkLimit(userId);
    return this.writeTitle(content);
  }

  /** The 20 s cooldown in the browser is a courtesy; this is the protection. */
  async checkLimit(userId: number): Promise<void> {
    const { count, resetInSeconds } = await this.limiter.hit(`ai:${userId}`, 60);
    if (count > this.requestsPerMinute) {
      throw tooManyRequests(
        `You're asking the AI very quickly. Please wait ${describeWait(resetInSeconds)} and try again.`,
        resetInSeconds,
      );
    }
  }

  /**
   * A narration from the answers. Asked again for the same answers (variant 1, 2, ...), it is
   * another version: never the text the camper has now (previousContent), or a 422 saying so.
   */
  private async generateNarration(body: GenerateReflectionBody, options: WriteOptions): Promise<string> {
    const duration = body.duration ?? LENGTH_SECONDS.default;
    const request = {
      responses: body.responses.filter((r) => r.trim()),
      tone: body.style ?? DEFAULT_TONE,
      durationSeconds: duration,
      // The chosen length is the truth: a draft is as long as the voice reads in it. A client's own count
      // (older clients worked it out at 100 words a minute) is read only when it sends no length.
      targetWordCount: body.duration !== undefined || body.targetWordCount === undefined ? targetWordCount(duration) : body.targetWordCount,
      audienceLinks: body.audienceLinks ?? [],
      previousContent: body.previousContent,
    };
    const previous = body.previousContent !== undefined ? sameText(body.previousContent) : undefined;
    const first = body.variant ?? 0;
    // The built-in writer gives each variant at once, so a few are tried; a remote model gets one go.
    const tries = previous === undefined ? 1 : this.writer.deterministic ? MAX_VARIANT_TRIES : 1;
    for (let i = 0; i < tries; i++) {
      const held = holdWhileSame(options, previous);
      const content = nonEmpty(await this.writer.writeNarration({ ...request, variant: first + i }, held.options));
      if (previous === undefined || sameText(content) !== previous) {
        held.flush();
        return content;
      }
    }
    throw new AiError(422, AI_MESSAGES.noNewVersion);
  }

  /** An edit that leaves the text as it was is no success: 422 with a message that says so. */
  private async editNarration(body: CustomRequestBody, options: WriteOptions): Promise<string> {
    const held = holdWhileSame(options, sameText(body.currentContent));
    const content = nonEmpty(
      await this.writer.editNarration({ content: body.currentContent, instruction: body.customPrompt, tone: body.style }, held.options),
    );
    if (sameText(content) === sameText(body.currentContent)) throw new AiError(422, AI_MESSAGES.unchanged);
    held.flush();
    return content;
  }

  /** The script cut to about `targetWordCount` words by the same writer (for "fit the script to the clips"). */
  async fitNarration(request: FitRequest): Promise<string> {
    const content = nonEmpty(await this.writer.fitNarration(request));
    if (sameText(content) === sameText(request.content)) throw new AiError(422, AI_MESSAGES.unchanged);
    return content;
  }

  private async writeTitle(content: string): Promise<string> {
    const title = (await this.writer.writeTitle(content)).trim();
    return title || AI_MESSAGES.titleFallback;
  }

  private async chat(body: ChatBody, options: WriteOptions): Promise<string> {
    const reply = await this.writer.chat(
      body.messages.map((m) => ({ role: m.role, content: m.content })),
      options,
    );
    return nonEmpty(reply);
  }

  /** Checked at most every 30 s, so a status card on every screen does not hammer the provider. */
  async status(): Promise<AiStatus> {
    if (this.cachedStatus && Date.now() - this.cachedStatus.at < STATUS_CACHE_MS) return this.cachedStatus.value;
    const value = await this.writer.status();
    this.cachedStatus = { at: Date.now(), value };
    return value;
  }
}

const MAX_VARIANT_TRIES = 8;

/** Texts that read the same aloud compare equal (spacing and line breaks aside). */
function sameText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Streams nothing while the new text still matches the old one word for word: an answer that
 * turns out unchanged then ends as an error event alone, and the camper's text never flickers.
 */
function holdWhileSame(options: WriteOptions, old: string | undefined) {
  if (!options.onDelta || old === undefined) return { options, flush: () => {} };
  const send = options.onDelta;
  let held = "";
  let streaming = false;
  return {
    options: {
      ...options,
      onDelta: (piece: string) => {
        if (streaming) return send(piece);
        held += piece;
        if (!old.startsWith(sameText(held))) {
          streaming = true;
          send(held);
        }
      },
    },
    flush: () => {
      if (!streaming && held) send(held);
      streaming = true;
    },
  };
}

function nonEmpty(text: string): string {
  if (!text.trim()) throw new AiError(502, AI_MESSAGES.noContent);
  return text.trim();
}
