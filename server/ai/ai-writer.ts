import type { AiStatus } from "../../contracts/ai.ts";
import type { NarrationTone } from "../../contracts/product.ts";

/** What the narration needs, and nothing about who asked: the users are minors. */
export interface NarrationRequest {
  responses: string[];
  tone: NarrationTone;
  targetWordCount: number;
  durationSeconds: number;
  audienceLinks: string[];
  /** 0 (or absent): the first version; 1, 2, ...: other versions of the same story. */
  variant?: number;
  /** The version the camper has now, which another version should not repeat. */
  previousContent?: string;
}

/** Shorten a script to about `targetWordCount` words (so the voice ends with the pictures). */
export interface FitRequest {
  content: string;
  targetWordCount: number;
  tone?: NarrationTone;
}

export interface CustomEditRequest {
  content: string;
  instruction: string;
  tone?: NarrationTone;
}

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

export interface WriteOptions {
  signal?: AbortSignal;
  /** Called with each new piece of text as it arrives, in order. */
  onDelta?: (text: string) => void;
}

/** The AI writer behind every AI route; chosen by config (offline by default). */
export interface AiWriter {
  readonly providerName: string;
  readonly model: string;
  /** The same request always gives the same text, at no cost (so other variants are tried in turn). */
  readonly deterministic?: boolean;
  writeNarration(request: NarrationRequest, options?: WriteOptions): Promise<string>;
  editNarration(request: CustomEditRequest, options?: WriteOptions): Promise<string>;
  fitNarration(request: FitRequest, options?: WriteOptions): Promise<string>;
  writeTitle(content: string, options?: WriteOptions): Promise<string>;
  chat(turns: ChatTurn[], options?: WriteOptions): Promise<string>;
  status(): Promise<AiStatus>;
}

/** A failure a camper can act on, with the HTTP status the API answers with. */
export class AiError extends Error {
  constructor(
    readonly statusCode: 400 | 422 | 429 | 502 | 504,
    message: string,
    /** The provider's own HTTP status when it refused (429 for rate limiting). */
    readonly errorCode: number | null = null,
  ) {
    super(message);
    this.name = "AiError";
  }
}
