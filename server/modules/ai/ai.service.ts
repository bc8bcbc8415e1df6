import { AI_MESSAGES, type AiStatus, type ChatBody, type CustomRequestBody, type GenerateReflectionBody } from "../../../contracts/ai.ts";
import { DEFAULT_TONE, LENGTH_SECONDS, targetWordCount } from "../../../contracts/product.ts";
import { AiError, type AiWriter, type WriteOptions } from "../../ai/ai-writer.ts";
import { tooManyRequests } from "../../http/errors.ts";
import { describeWait, type RateLimiter } from "../rate-limit/limiter.ts";

const STATUS_CACHE_MS = 30_000;

/** The AI routes' rules: a per-camper limit, what is sent to the writer, and empty results. */
export class AiService {
  private cachedStatus: { at: number; value: AiStatus } | undefined;

  constructor(
    private readonly writer: AiWriter,
    private readonly limiter: RateLimiter,
    private readonly requestsPerMinute: number,
  ) {}

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

  async generateNarration(body: GenerateReflectionBody, options: WriteOptions): Promise<string> {
    const duration = body.duration ?? LENGTH_SECONDS.default;
    const content = await this.writer.writeNarration(
      {
        responses: body.responses.filter((r) => r.trim()),
        tone: body.style ?? DEFAULT_TONE,
        durationSeconds: duration,
        targetWordCount: body.targetWordCount ?? targetWordCount(duration),
        audienceLinks: body.audienceLinks ?? [],
      },
      options,
    );
    return nonEmpty(content);
  }

  async editNarration(body: CustomRequestBody, options: WriteOptions): Promise<string> {
    const content = await this.writer.editNarration(
      { content: body.currentContent, instruction: body.customPrompt, tone: body.style },
      options,
    );
    return nonEmpty(content);
  }

  async writeTitle(content: string): Promise<string> {
    const title = (await this.writer.writeTitle(content)).trim();
    return title || AI_MESSAGES.titleFallback;
  }

  async chat(body: ChatBody, options: WriteOptions): Promise<string> {
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

function nonEmpty(text: string): string {
  if (!text.trim()) throw new AiError(502, AI_MESSAGES.noContent);
  return text.trim();
}
